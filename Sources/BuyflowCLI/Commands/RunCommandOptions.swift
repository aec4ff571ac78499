/// The options of `buyflow run`.
struct RunCommandOptions: ParsableOptions, Equatable {
    /// Workflow files and folders, as given.
    var paths: [String]
    var target: TargetOptions
    var variables: VariableOptions
    var control: RunControlOptions
    var reports: ReportOptions

    static let paths = ArgumentSpec(
        "workflows or folders", help: "Workflow files (.yaml, .yml), or folders holding them.", repeatable: true)

    static let argumentSpecs = [paths]
    static let optionSpecs = TargetOptions.optionSpecs + VariableOptions.optionSpecs + RunControlOptions.optionSpecs
        + ReportOptions.optionSpecs

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        Self(
            paths: parsed.positionals,
            target: try TargetOptions.parse(parsed),
            variables: try VariableOptions.parse(parsed),
            control: try RunControlOptions.parse(parsed),
            reports: try ReportOptions.parse(parsed)
        )
    }
}
