/// How a step ended.
public enum StepStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case passed, failed, skipped
    /// The step could not run (for example its request could not be built).
    case error
}
