/// How a run (or a set of runs) ended.
public enum RunStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case passed, failed, skipped
    /// The run could not run to its end.
    case error

    /// Combines statuses: `failed` if any failed, else `error` if any could not run, else
    /// `skipped` if there is at least one and every one was skipped, else `passed` (also
    /// for none).
    public init(combining statuses: some Sequence<StepStatus>) {
        let statuses = Array(statuses)
        if statuses.contains(.failed) {
            self = .failed
        } else if statuses.contains(.error) {
            self = .error
        } else if !statuses.isEmpty, statuses.allSatisfy({ $0 == .skipped }) {
            self = .skipped
        } else {
            self = .passed
        }
    }

    /// The status of a run from its steps (see `init(combining:)`).
    public init(steps: [StepReport]) {
        self.init(combining: steps.map(\.status))
    }

    /// The status of several runs, combined by the same rule.
    public init(runs: [RunReport]) {
        self.init(combining: runs.map { StepStatus(rawValue: $0.status.rawValue)! })
    }
}
