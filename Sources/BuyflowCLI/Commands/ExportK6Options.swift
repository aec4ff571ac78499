import BuyflowCore

/// The options of `buyflow export k6`: the workflow, `--output`, the target and variables
/// as for `load`, and the load flags over the workflow's profile.
struct ExportK6Options: ParsableOptions, Equatable {
    var output: String?
    /// The load options the script carries (reports and `--quiet` unused).
    var load: LoadCommandOptions

    static let output = OptionSpec("output", short: "o", value: "path", help: "Write the script here (default: stdout).")

    static let argumentSpecs = LoadCommandOptions.argumentSpecs
    static let optionSpecs = [output, LoadCommandOptions.vus, LoadCommandOptions.duration, LoadCommandOptions.iterations,
                              LoadCommandOptions.rampUp, LoadCommandOptions.arrivalRate, LoadCommandOptions.maxVus, LoadCommandOptions.threshold]
        + TargetOptions.optionSpecs + VariableOptions.optionSpecs

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        Self(output: try parsed.nonEmpty(output), load: try LoadCommandOptions.parse(parsed, running: false))
    }
}
