import BuyflowCore

/// The options of `buyflow load`: the workflow, the target and variables as for `run`,
/// `--vus`, `--duration`, `--iterations`, `--ramp-up`, `--arrival-rate`, `--max-vus` and
/// `--threshold` over the workflow's `load:` profile, `--abort-on-fail`, `--quiet`, and
/// `--report json|text|junit|html=path`.
struct LoadCommandOptions: ParsableOptions, Equatable {
    var path: String
    var target: TargetOptions
    var variables: VariableOptions
    var vus: Int?
    var duration: Duration?
    var iterations: Int?
    var rampUp: Duration?
    var arrivalRate: Double?
    var maxVus: Int?
    /// As written; parsed against the workflow.
    var thresholds: [String]
    var abortOnFail: Bool
    var quiet: Bool
    var reports: ReportOptions

    static let path = ArgumentSpec("workflow", help: "The workflow file whose steps each virtual user runs.")
    static let vus = OptionSpec("vus", value: "n", help: "Virtual users (1 to 10000), over the file's 'load.vus'.")
    static let duration = OptionSpec("duration", value: "duration", help: "How long to run (e.g. 30s), over 'load.duration'.")
    static let iterations = OptionSpec("iterations", value: "n", help: "Iterations in all, over 'load.iterations'.")
    static let rampUp = OptionSpec("ramp-up", value: "duration", help: "Start the VUs one by one over this time.")
    static let arrivalRate = OptionSpec(
        "arrival-rate", value: "n/s", help: "Open model: start this many iterations a second (with --max-vus).")
    static let maxVus = OptionSpec("max-vus", value: "n", help: "Open model: the most VUs at once (iterations over it are dropped).")
    static let threshold = OptionSpec(
        "threshold", value: "expression", repeatable: true,
        help: "A threshold such as 'p95(step:create-cart) < 300ms'; replaces the file's thresholds.")
    static let abortOnFail = OptionSpec("abort-on-fail", help: "Stop as soon as a threshold is breached for good.")
    static let quiet = OptionSpec("quiet", short: "q", help: "No live line; the summary only.")

    static let argumentSpecs = [path]
    static let optionSpecs = [vus, duration, iterations, rampUp, arrivalRate, maxVus, threshold, abortOnFail, quiet]
        + TargetOptions.optionSpecs + VariableOptions.optionSpecs + ReportOptions.optionSpecs

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        try parse(parsed, running: true)
    }

    /// With `running` false (`export k6`), the options about a run here (`--report`,
    /// `--quiet`, `--abort-on-fail`) are not declared and not read.
    static func parse(_ parsed: ParsedArguments, running: Bool) throws(UsageError) -> Self {
        guard parsed.positionals.count == 1 else {
            throw parsed.usageError(
                parsed.positionals.isEmpty ? "missing the workflow to load" : "load takes one workflow, found \(parsed.positionals.count)",
                hint: "e.g. buyflow load workflows/load-smoke.yaml --vus 10 --duration 30s")
        }
        func durationValue(_ option: OptionSpec) throws(UsageError) -> Duration? {
            guard let text = parsed.value(option) else { return nil }
            guard let value = DurationText.parse(text), value > .zero || option.name == "ramp-up" else {
                throw parsed.usageError("invalid --\(option.name) '\(text)': expected a duration such as 30s or 2m")
            }
            return value
        }
        var rate: Double?
        if let text = parsed.value(arrivalRate) {
            guard let value = RateText.perSecond(text, bareMeansPerSecond: true), value > 0 else {
                throw parsed.usageError("invalid --arrival-rate '\(text)': expected a rate such as 50/s or 600/m")
            }
            rate = value
        }
        let reports = running ? try ReportOptions.parse(parsed) : ReportOptions(reports: [])
        if let tap = reports.reports.first(where: { $0.format == .tap }) {
            throw parsed.usageError("a load report cannot be written as tap ('\(tap.path)')", hint: "use json, text, junit or html")
        }
        return Self(
            path: parsed.positionals[0],
            target: try TargetOptions.parse(parsed),
            variables: try VariableOptions.parse(parsed),
            vus: try parsed.integer(vus, in: 1...10_000, noun: "VU count", hint: "e.g. --vus 20"),
            duration: try durationValue(duration),
            iterations: try parsed.integer(iterations, in: 1...Int.max, noun: "iteration count", hint: "e.g. --iterations 1000"),
            rampUp: try durationValue(rampUp),
            arrivalRate: rate,
            maxVus: try parsed.integer(maxVus, in: 1...10_000, noun: "VU count", hint: "e.g. --max-vus 100"),
            thresholds: parsed.values(threshold),
            abortOnFail: running && parsed.flag(abortOnFail),
            quiet: running && parsed.flag(quiet),
            reports: reports
        )
    }
}
