import BuyflowCore
import BuyflowWorkflow
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
            for .graphql and .gql files. Without --schema, documents are checked against the
            published Storefront API \(BuyflowVersion.storefrontAPIVersion) schema, which buyflow ships.
            """,
        options: LintOptions.self,
        examples: [
            "buyflow lint queries/",
            "buyflow lint --schema samples/storefront.graphql queries/",
            "buyflow lint --schema storefront.json --format json cart.graphql",
        ]
    )

    static func run(_ options: LintOptions, context: CommandContext) async -> ExitCode {
        let schemaPath: String
        let schema: Schema
        if let path = options.schema {
            schemaPath = path
            do {
                schema = try Schema.load(path: path)
            } catch {
                context.report(error.diagnostics, sources: SourceFiles.quoted(by: error.diagnostics))
                return .invalid
            }
        } else if let published = PublishedSchema.storefront {
            schemaPath = "the published Storefront API \(BuyflowVersion.storefrontAPIVersion) schema"
            schema = published
        } else {
            context.report([.error("the published Storefront schema cannot be used: \(PublishedSchema.problem ?? "unknown problem")", code: "cli.schema",
                                   hint: "name a schema with --schema <file>")])
            return .failure
        }
        let files: [String]
        do {
            files = try FileCollector.collect(options.documents, extensions: ["graphql", "gql"])
        } catch {
            context.report([error])
            return .invalid
        }

        var validation = ValidationOptions()
        validation.deprecationWarnings = options.deprecationWarnings
        validation.order = options.order.validationOrder
        var results: [(path: String, diagnostics: [Diagnostic], source: SourceFile?)] = []
        for path in files {
            let data: [UInt8]
            switch FileBytes.contents(of: path) {
            case .success(let bytes): data = bytes
            case .failure(let failure):
                results.append((path, [.error("cannot read '\(path)': \(failure.reason)", code: "cli.path")], nil))
                continue
            }
            let source = SourceFile(path: path, text: String(decoding: data, as: UTF8.self))
            do {
                let document = try Parser.parse(source.text, path: path)
                results.append((path, Validator.validate(document, against: schema, options: validation), source))
            } catch {
                results.append((path, [error], source))
            }
        }

        let errors = results.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .error } }
        let warnings = results.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .warning } }
        if options.format == .json {
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
}
