import BuyflowReport

/// Where the runner's time comes from: attempt durations, backoff and poll waits, request
/// timeouts and each attempt's start offset. `SystemRunnerClock` is the real one;
/// `ManualRunnerClock` lets tests (and simulations) run waits instantly.
///
/// Instants are durations since the clock's own origin.
public protocol RunnerClock: Sendable {
    /// The time since the clock's origin.
    var now: Duration { get }
    /// Waits until `deadline` (a backoff, a poll interval, a `sleep` step).
    func sleep(until deadline: Duration) async throws
    /// Returns at `deadline`, to bound other work running at the same time (a request's
    /// timeout); cancelled when that work ends first. Defaults to `sleep(until:)`.
    func expire(at deadline: Duration) async throws
    /// The wall-clock time (a run's `startedAt`). Defaults to the system's.
    func wallTime() -> Timestamp
    /// Whether the transports' own deadlines keep time for this clock, so a request needs
    /// no timeout raced beside it (true for the system clock; a manual clock's time is not
    /// the transports'). Defaults to false.
    var transportsKeepItsTime: Bool { get }
}

extension RunnerClock {
    /// Waits `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }

    public func expire(at deadline: Duration) async throws {
        try await sleep(until: deadline)
    }

    public func wallTime() -> Timestamp { Timestamp.now() }

    public var transportsKeepItsTime: Bool { false }
}
