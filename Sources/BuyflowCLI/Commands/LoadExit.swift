import BuyflowReport

/// The exit code of a finished load (or of merged shards): 0 when it passed; 3 when a
/// threshold was breached; 1 when, with no threshold, an iteration failed a check (as
/// `buyflow run` exits 1 for a failed step).
enum LoadExit {
    static func code(_ report: LoadReport) -> ExitCode {
        if report.status == .passed { return .success }
        return report.thresholds.isEmpty ? .failure : .thresholdBreached
    }

    /// The warning a debug build prints before a load: its figures say little about the
    /// real thing (`nil` in a release build).
    static var debugBuildWarning: String? {
        #if DEBUG
        "warning: this is a debug build of buyflow: its load figures (latency, requests/s) are not representative; "
            + "build with 'swift build -c release' for figures that are\n"
        #else
        nil
        #endif
    }
}
