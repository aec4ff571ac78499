import BuyflowCore
import Foundation
import GraphQLKit

/// `buyflow lint --schema <file> <documents or folders>…`: validates GraphQL documents
/// against a schema, every rule of the specification, and prints compiler-style
/// diagnostics (or JSON for tools). Exit 2 on any error, 0 otherwise.
struct LintCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["lint"],
        abstract: "Validate GraphQL documents against a schema.",
        discussion: """
            Checks every executable document against the schema with all validation rules of the
            GraphQL specification (fields, arguments, variables, fragments, directives, values),
            and warns about deprecated fields, arguments and enum values. Folders are searched
            for .graphql and .gql files.
            """,
        arguments: [ArgumentSpec("documents or folders", help: "GraphQL documents, or folders holding them.", repeatable: true)],
        options: [
            OptionSpec("schema", value: "file", help: "The schema: SDL (.graphql, .graphqls) or introspection JSON (.json)."),
            OptionSpec("format", value: "text|json", help: "Output format (default: text)."),
            OptionSpec("no-warnings", help: "Do not report deprecation warnings."),
            OptionSpec("order", value: "location|graphql-js", help: "Order of the diagnostics: by location (default), or as graphql-js reports them (for comparisons)."),
        ],
        examples: [
            "buyflow lint --schema samples/storefront.graphql queries/",
            "buyflow lint --schema storefront.json --format json cart.graphql",
        ]
    )

    static func run(_ invocation: Invocation, context: CommandContext) async -> ExitCode {
        guard let schemaPath = invocation.value("schema") else {
            context.report([UsageError("missing option '--schema <file>'", command: spec.path).diagnostic])
            return .usage
        }
        let format = invocation.value("format") ?? "text"
        guard format == "text" || format == "json" else {
            context.report([UsageError("unknown format '\(format)'; use 'text' or 'json'", command: spec.path).diagnostic])
            return .usage
        }

        let schema: Schema
        do {
            schema = try Schema.load(path: schemaPath)
        } catch {
            context.report(error.diagnostics, sources: sources(for: error.diagnostics))
            return .invalid
        }
        let files: [String]
        do {
            files = try FileCollector.collect(invocation.positionals, extensions: ["graphql", "gql"])
        } catch {
            context.report([error])
            return .invalid
        }

        var options = ValidationOptions()
        options.deprecationWarnings = !invocation.flag("no-warnings")
        switch invocation.value("order") ?? "location" {
        case "location": options.order = .location
        case "graphql-js": options.order = .graphqlJS
        case let other:
            context.report([UsageError("unknown order '\(other)'; use 'location' or 'graphql-js'", command: spec.path).diagnostic])
            return .usage
        }
        var results: [(path: String, diagnostics: [Diagnostic], source: SourceFile?)] = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                results.append((path, [.error("cannot read '\(path)'", code: "cli.path")], nil))
                continue
            }
            let source = SourceFile(path: path, text: String(decoding: data, as: UTF8.self))
            do {
                let document = try Parser.parse(source.text, path: path)
                results.append((path, Validator.validate(document, against: schema, options: options), source))
            } catch {
                results.append((path, [error], source))
            }
        }

        let errors = results.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .error } }
        let warnings = results.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .warning } }
        if format == "json" {
            let report: JSONValue = [
                "format": "buyflow.lint/1",
                "schema": .string(schemaPath),
                "files": .array(results.map { result in
                    [
                        "path": .string(result.path),
                        "valid": .bool(!result.diagnostics.contains { $0.severity == .error }),
                        "diagnostics": .array(result.diagnostics.map(\.jsonValue)),
                    ]
                }),
                "summary": ["files": .int(results.count), "errors": .int(errors), "warnings": .int(warnings)],
            ]
            context.console.print(JSONSerializer(pretty: true).string(report))
        } else {
            let all = results.flatMap(\.diagnostics)
            context.report(all, sources: results.compactMap(\.source))
            let summary = "checked \(plural(results.count, "document")) against \(schemaPath): "
                + "\(plural(errors, "error")), \(plural(warnings, "warning"))"
            context.console.print(summary)
        }
        return errors > 0 ? .invalid : .success
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Source files quoted in schema diagnostics (SDL schemas have locations).
    private static func sources(for diagnostics: [Diagnostic]) -> [SourceFile] {
        let paths = Set(diagnostics.compactMap(\.location?.file))
        return paths.compactMap { path in
            FileManager.default.contents(atPath: path).map { SourceFile(path: path, text: String(decoding: $0, as: UTF8.self)) }
        }
    }
}
