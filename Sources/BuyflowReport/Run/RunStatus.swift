/// How a run (or a set of runs) ended.
public enum RunStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case passed, failed, skipped
    /// The run could not run to its end.
    case error

    /// Combines statuses: `failed` if any failed, else `error` if any could not run, else
    /// `skipped` if there is at least one and every one was skipped, else `passed` (also
    /// for none).
    public init(combining statuses: some Sequence<StepStatus>) {
        var failed = false, error = false, any = false, allSkipped = true
        for status in statuses {
            any = true
            if status == .failed { failed = true }
            if status == .error { error = true }
            if status != .skipped { allSkipped = false }
        }
        if failed {
            self = .failed
        } else if error {
            self = .error
        } else if any, allSkipped {
            self = .skipped
        } else {
            self = .passed
        }
    }

    /// The status of a run from its steps (see `init(combining:)`).
    public init(steps: [StepReport]) {
        self.init(combining: steps.lazy.map(\.status))
    }

    /// The status of several runs, combined by the same rule.
    public init(runs: [RunReport]) {
        self.init(combining: runs.lazy.map { StepStatus(rawValue: $0.status.rawValue)! })
    }
}
