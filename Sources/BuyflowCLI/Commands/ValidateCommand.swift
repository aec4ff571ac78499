import BuyflowCore
import BuyflowWorkflow

/// `buyflow validate <workflows or folders>…`: every static check of every workflow —
/// YAML, keys, templates and the names they use, GraphQL against the schema, variables,
/// assertion paths, steps files, data files — with nothing sent. Exit 2 on any error.
struct ValidateCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["validate"],
        abstract: "Check workflows without sending anything.",
        discussion: """
            Reads each workflow with the steps files, documents and data files it names, and checks
            everything that can be known before a request: unknown keys, types and durations,
            templates and expressions, names used before they exist, every operation against the
            schema (placed at the line and column inside the YAML), variables against the
            operation's definitions, and paths into data through the selection set. Every problem of
            every file is reported at once. Without 'schema' in the file, workflows for the embedded
            sample shop are checked against its schema, and workflows for a real shop (a 'shop' key,
            --url or --domain) against the published Storefront API \(BuyflowVersion.storefrontAPIVersion) schema.
            """,
        options: ValidateOptions.self,
        examples: [
            "buyflow validate workflows/checkout.yaml",
            "buyflow validate workflows/ --format json",
            "buyflow validate checkout.yaml --var handle=trail-runner --env-file .env",
        ]
    )

    static func run(_ options: ValidateOptions, context: CommandContext) async -> ExitCode {
        guard var results = WorkflowInputs.load(
            options.paths, variables: options.variables, target: options.target, context: context
        ) else { return .invalid }
        if !options.warnings {
            for index in results.indices { results[index].result.diagnostics.removeAll { $0.severity == .warning } }
        }
        let errors = results.reduce(0) { $0 + $1.result.diagnostics.count { $0.severity == .error } }
        let warnings = results.reduce(0) { $0 + $1.result.diagnostics.count { $0.severity == .warning } }
        switch options.format {
        case .json:
            let report: JSONValue = [
                "format": "buyflow.validate/1",
                "files": .array(results.map { entry in
                    [
                        "path": .string(entry.path),
                        "valid": .bool(!entry.result.hasErrors),
                        "schema": entry.result.schemaDescription.map(JSONValue.string) ?? .null,
                        "steps": entry.result.workflow.map { .int($0.steps.count + $0.finallySteps.count) } ?? .null,
                        "diagnostics": .array(entry.result.diagnostics.map(\.jsonValue)),
                    ]
                }),
                "summary": ["files": .int(results.count), "errors": .int(errors), "warnings": .int(warnings)],
            ]
            context.console.print(JSONSerializer(pretty: true).string(report))
        case .text:
            for entry in results {
                // A secret written in the file is not quoted by an excerpt of its lines.
                let secrets = SourceRedaction.secrets(in: entry.result.sources, token: nil, environment: [:])
                context.report(entry.result.diagnostics, sources: SourceRedaction.redacted(entry.result.sources, secrets: secrets))
            }
            for entry in results where !entry.result.hasErrors {
                guard let workflow = entry.result.workflow else { continue }
                let steps = workflow.steps.count + workflow.finallySteps.count
                let against = entry.result.schemaDescription.map { " against \($0)" } ?? " (syntax only: no schema)"
                context.console.print("\(entry.path): \(workflow.name): \(plural(steps, "step")) checked\(against)")
            }
            context.console.print("validated \(plural(results.count, "workflow")): \(plural(errors, "error")), \(plural(warnings, "warning"))")
        }
        return errors > 0 ? .invalid : .success
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
