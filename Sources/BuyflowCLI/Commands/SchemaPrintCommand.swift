import BuyflowCore
import GraphQLKit

/// `buyflow schema print <file>`: a schema (SDL or introspection JSON) printed as SDL on
/// stdout. An invalid schema is reported like `lint` reports it, with exit 2.
struct SchemaPrintCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["schema", "print"],
        abstract: "Print a schema (SDL or introspection JSON) as SDL.",
        discussion: """
            Loads and validates the schema, then prints it as SDL in schema order, without the
            built-in scalars, directives and introspection types. Printing the printed SDL again
            gives the same text, so it is a canonical form to compare or check in.
            """,
        options: SchemaPrintOptions.self,
        examples: [
            "buyflow schema print storefront.schema.json > storefront.graphql",
            "buyflow schema print samples/storefront.graphql",
        ]
    )

    static func run(_ options: SchemaPrintOptions, context: CommandContext) async -> ExitCode {
        let schema: Schema
        do {
            schema = try Schema.load(path: options.file)
        } catch {
            context.report(error.diagnostics, sources: SourceFiles.quoted(by: error.diagnostics))
            return .invalid
        }
        context.console.print(SchemaPrinter.print(schema))
        return .success
    }
}
