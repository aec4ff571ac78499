/// The time a load schedule runs on: when VUs start, when iterations are due, when the
/// duration ends. Instants are durations since the clock's origin.
///
/// Tasks that wait on the clock say so with `enter()` before they start and `leave()` when
/// they end, so a virtual clock (`VirtualLoadClock`) can move time on when every one of them
/// is asleep; the real clock ignores them.
public protocol LoadClock: Sendable {
    var now: Duration { get }
    /// Waits until `deadline`; throws when the task is cancelled.
    func sleep(until deadline: Duration) async throws
    /// A task that sleeps on this clock is about to start (called before it is made).
    func enter()
    /// That task has ended.
    func leave()
}

extension LoadClock {
    public func enter() {}
    public func leave() {}
}

/// The real clock: `ContinuousClock`, with its origin when the clock is made.
public struct SystemLoadClock: LoadClock {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: origin + deadline, tolerance: nil)
    }
}
