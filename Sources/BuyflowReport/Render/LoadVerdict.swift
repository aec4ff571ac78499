/// Why a load passed or failed, in a line: the thresholds decide when there are some;
/// without, any failed iteration (a failed check) fails the load.
public enum LoadVerdict {
    /// `failed: 948 of 948 iterations failed a check (no threshold relaxes this; …)`, or
    /// `nil` when there is nothing to say beyond the status (all passed).
    public static func line(_ report: LoadReport) -> String? {
        let failed = report.iterations.failed
        let completed = report.iterations.completed
        let checks = report.checks.count { $0.fails > 0 }
        let failedChecks = failed > 0 ? "\(failed) of \(completed) iterations failed a check" : "\(checks) check\(checks == 1 ? "" : "s") failed"
        if report.thresholds.isEmpty {
            guard report.status != .passed else { return nil }
            return "failed: \(failedChecks) (no threshold relaxes this; add e.g. --threshold 'error_rate(all) < 1%')"
        }
        let breached = report.thresholds.count { !$0.passed }
        if breached > 0 {
            return "failed: \(breached) of \(report.thresholds.count) threshold\(report.thresholds.count == 1 ? "" : "s") breached"
        }
        guard failed > 0 || checks > 0 else { return nil }
        return "passed: the thresholds hold, though \(failedChecks)"
    }
}
