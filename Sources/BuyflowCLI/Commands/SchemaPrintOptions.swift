/// The options of `buyflow schema print`.
struct SchemaPrintOptions: ParsableOptions, Equatable {
    /// The schema file: SDL or introspection JSON.
    var file: String

    static let file = ArgumentSpec("file", help: "The schema: SDL (.graphql, .graphqls) or introspection JSON (.json).")

    static let argumentSpecs = [file]
    static let optionSpecs: [OptionSpec] = []

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        // The parser has checked that exactly one argument is present.
        Self(file: parsed.positionals[0])
    }
}
