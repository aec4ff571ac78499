import BuyflowCore
import BuyflowWorkflow

/// `buyflow schema workflow`: the JSON Schema (draft 2020-12) of workflow and steps files,
/// built from the key specs the loader checks files against.
struct SchemaWorkflowCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["schema", "workflow"],
        abstract: "Print the JSON Schema of workflow and steps files, for editors.",
        discussion: """
            The schema is built from the same description of keys the loader checks files against.
            Save it beside your workflows and name it in each file's first line, for completion and
            checks in editors that use the YAML language server:

                # yaml-language-server: $schema=workflow.schema.json

            The editor's checks are a subset of 'buyflow validate', which also checks templates,
            GraphQL, variables and paths against the schema.
            """,
        options: NoOptions.self,
        examples: ["buyflow schema workflow > workflows/workflow.schema.json"]
    )

    static func run(_ options: NoOptions, context: CommandContext) async -> ExitCode {
        context.console.print(JSONSerializer(pretty: true).string(WorkflowSpecs.jsonSchema))
        return .success
    }
}
