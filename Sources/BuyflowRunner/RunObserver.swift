import BuyflowCore
import BuyflowReport

/// Progress of a run, for the console's live lines. Every method has a default that does
/// nothing. Reports and steps handed over are already redacted.
public protocol RunObserver: Sendable {
    /// A run (a workflow, or one data row of it) starts with `steps` steps to go.
    func runStarted(workflow: WorkflowInfo, row: RowInfo?, target: TargetInfo, steps: Int)
    func stepStarted(_ step: StepProgress)
    /// Attempt `attempt` (1-based, counting retries and poll rounds) is being sent.
    func attemptStarted(_ step: StepProgress, attempt: Int)
    func attemptFinished(_ step: StepProgress, attempt: AttemptProgress)
    /// A transport retry waits `wait` before attempt `attempt + 1`.
    func retryWaiting(_ step: StepProgress, attempt: Int, wait: Duration)
    /// A poll's `until` did not hold after attempt `attempt`; the next comes after `wait`.
    func pollWaiting(_ step: StepProgress, attempt: Int, wait: Duration)
    func stepFinished(_ step: StepReport)
    func runFinished(_ run: RunReport)
}

extension RunObserver {
    public func runStarted(workflow: WorkflowInfo, row: RowInfo?, target: TargetInfo, steps: Int) {}
    public func stepStarted(_ step: StepProgress) {}
    public func attemptStarted(_ step: StepProgress, attempt: Int) {}
    public func attemptFinished(_ step: StepProgress, attempt: AttemptProgress) {}
    public func retryWaiting(_ step: StepProgress, attempt: Int, wait: Duration) {}
    public func pollWaiting(_ step: StepProgress, attempt: Int, wait: Duration) {}
    public func stepFinished(_ step: StepReport) {}
    public func runFinished(_ run: RunReport) {}
}

/// Ignores every event.
public struct SilentRunObserver: RunObserver {
    public init() {}
}

/// The step an event is about.
public struct StepProgress: Sendable, Hashable {
    public var id: String
    /// For a step of a steps file: `<use step name> › <inner step name>`.
    public var name: String
    public var location: SourceLocation?
    /// Whether the step polls (the console shows a poll state).
    public var polls: Bool
    /// The GraphQL operation's name, when the step sends a named one.
    public var operationName: String? = nil
}

/// How one attempt ended.
public struct AttemptProgress: Sendable, Hashable {
    public var number: Int
    public var duration: Duration
    public var httpStatus: Int?
    /// `nil` when the request went through (checks come after).
    public var errorKind: ErrorKind?
    /// HTTP 429, a `SubmitThrottled` result or a `THROTTLED` user error (load mode counts
    /// these apart from errors).
    public var throttled = false
    /// The answer's `Retry-After`, when it has one.
    public var retryAfter: Duration? = nil
    /// Time to connect (`nil` over a reused connection) and to the first byte, from the
    /// request's start, when the transport sees them.
    public var connect: Duration? = nil
    public var firstByte: Duration? = nil
}
