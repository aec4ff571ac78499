/// How a run proceeds and how much it says: `--fail-fast`, `--jobs N`, `--quiet`, `--verbose`.
struct RunControlOptions: ParsableOptions, Equatable {
    /// How much a run prints.
    enum Verbosity: Sendable, Equatable {
        /// Failures and the summary only.
        case quiet
        case normal
        /// Request and response bodies too (the token redacted).
        case verbose
    }

    /// Stop at the first failed step (and the first failed workflow).
    var failFast: Bool
    /// Workflow files run at the same time (reports keep the command line's order).
    var jobs: Int
    var verbosity: Verbosity

    /// The most `--jobs`.
    static let maxJobs = 64

    static let failFast = OptionSpec("fail-fast", help: "Stop at the first failed step.")
    static let jobs = OptionSpec(
        "jobs", short: "j", value: "n", help: "Run this many workflow files in parallel, 1 to \(maxJobs) (default 1).")
    static let quiet = OptionSpec("quiet", short: "q", help: "Print failures and the summary only.")
    static let verbose = OptionSpec(
        "verbose", short: "v", help: "Print request and response bodies (the token redacted).")

    static let optionSpecs = [failFast, jobs, quiet, verbose]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        try parsed.exclusive(quiet, verbose)
        let verbosity: Verbosity = parsed.flag(quiet) ? .quiet : parsed.flag(verbose) ? .verbose : .normal
        let jobCount = try parsed.integer(jobs, in: 1...maxJobs, noun: "job count", hint: "e.g. --jobs 4")
        return Self(failFast: parsed.flag(failFast), jobs: jobCount ?? 1, verbosity: verbosity)
    }
}
