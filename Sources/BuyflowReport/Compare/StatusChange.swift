/// How a status moved between two reports.
public enum StatusChange: String, Sendable, Hashable, CaseIterable {
    case unchanged
    /// From passed to failed or could not run.
    case worse
    /// From failed or could not run to passed.
    case better
    /// Any other move (to or from skipped).
    case changed

    public init(before: StepStatus, after: StepStatus) {
        let bad: Set<StepStatus> = [.failed, .error]
        if before == after {
            self = .unchanged
        } else if before == .passed, bad.contains(after) {
            self = .worse
        } else if bad.contains(before), after == .passed {
            self = .better
        } else {
            self = .changed
        }
    }
}
