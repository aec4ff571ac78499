import Buy
import Foundation

/// How `WorkflowRunner` runs workflows.
public struct RunOptions: Sendable {
    /// `--tag`: only steps tagged with one of these run (plus untagged `finally` steps);
    /// empty runs every step.
    public var tags: Set<String> = []
    /// `--fail-fast`: the first failure skips the steps after it even with
    /// `continueOnError`, and the data rows after a failed one are skipped.
    public var failFast = false
    /// The process environment (`env`); the workflow's `--env-file` names go over it.
    public var environment: [String: String] = [:]
    /// `iteration` in expressions (load mode counts them; 0 in run mode).
    public var iteration = 0
    /// `vu` in expressions (the virtual user in load mode; 1 in run mode).
    public var vu = 1
    /// Time for durations, waits and timeouts.
    public var clock: any RunnerClock = SystemRunnerClock()
    /// Progress events (the console).
    public var observer: any RunObserver = SilentRunObserver()
    /// The transport for an endpoint (tests pass a `Graph.StubTransport`).
    public var makeTransport: @Sendable (URL) -> any Graph.Transport = RunTarget.defaultTransport(for:)
    /// The most of a request or response body a failed attempt's excerpt keeps, in bytes.
    public var excerptLimit = 4096
    /// Keep the request and response excerpts of every attempt, not only of failed ones
    /// (`--verbose`).
    public var excerptsOfEveryAttempt = false

    /// Race each request against its timeout on `clock`. Off, the transport's own timeout
    /// ends a request (`Graph.HTTP1Transport` and `Graph.CurlTransport` enforce it) and no
    /// timer task is made per request — load mode's fast path on the real clock.
    public var racesTimeouts = true

    /// Redact the reports handed back and to the observer. Off only where no text of them is
    /// ever shown: load mode reads step ids, statuses, error kinds and assertion counts and
    /// drops the rest. A failed step handed to the observer is redacted either way.
    public var redactsReports = true

    public init() {}
}
