import GraphQLKit

/// The options of `buyflow lint`.
struct LintOptions: ParsableOptions, Equatable {
    /// How the results are printed.
    enum Format: String, OptionChoice {
        /// Compiler-style diagnostics on stderr and a summary line.
        case text
        /// One `buyflow.lint/1` object on stdout, for tools.
        case json
    }

    /// The order of the diagnostics.
    enum Order: String, OptionChoice {
        case location
        case graphqlJS = "graphql-js"

        var validationOrder: ValidationOptions.Order {
            switch self {
            case .location: .location
            case .graphqlJS: .graphqlJS
            }
        }
    }

    /// The schema file: SDL or introspection JSON.
    /// `nil`: the published Storefront schema buyflow ships.
    var schema: String?
    /// Documents and folders, as given.
    var documents: [String]
    var format: Format
    var deprecationWarnings: Bool
    var order: Order

    static let documents = ArgumentSpec(
        "documents or folders", help: "GraphQL documents, or folders holding them.", repeatable: true)
    static let schema = OptionSpec(
        "schema", value: "file", help: "The schema: SDL (.graphql, .graphqls) or introspection JSON (.json); default: the published Storefront schema.")
    static let format = OptionSpec("format", value: Format.placeholder, help: "Output format (default: text).")
    static let noWarnings = OptionSpec("no-warnings", help: "Do not report deprecation warnings.")
    static let order = OptionSpec(
        "order", value: Order.placeholder,
        help: "Order of the diagnostics: by location (default), or as graphql-js reports them (for comparisons).")

    static let argumentSpecs = [documents]
    static let optionSpecs = [schema, format, noWarnings, order]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        Self(
            schema: try parsed.nonEmpty(schema),
            documents: parsed.positionals,
            format: try parsed.choice(format) ?? .text,
            deprecationWarnings: !parsed.flag(noWarnings),
            order: try parsed.choice(order) ?? .location
        )
    }
}
