/// The options of `buyflow validate`.
struct ValidateOptions: ParsableOptions, Equatable {
    enum Format: String, OptionChoice {
        /// Compiler-style diagnostics on stderr and a summary line.
        case text
        /// One `buyflow.validate/1` object on stdout, for tools.
        case json
    }

    /// Workflow files and folders, as given.
    var paths: [String]
    var format: Format
    var warnings: Bool
    /// Which shop the workflows will run against decides the schema they are checked
    /// against when they name none.
    var target: TargetOptions
    var variables: VariableOptions

    static let paths = ArgumentSpec(
        "workflows or folders", help: "Workflow files (.yaml, .yml), or folders holding them.", repeatable: true)
    static let format = OptionSpec("format", value: Format.placeholder, help: "Output format (default: text).")
    static let noWarnings = OptionSpec("no-warnings", help: "Do not report warnings (deprecations, API versions).")

    static let argumentSpecs = [paths]
    static let optionSpecs = [format, noWarnings] + TargetOptions.optionSpecs + VariableOptions.optionSpecs

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        Self(
            paths: parsed.positionals,
            format: try parsed.choice(format) ?? .text,
            warnings: !parsed.flag(noWarnings),
            target: try TargetOptions.parse(parsed),
            variables: try VariableOptions.parse(parsed)
        )
    }
}
