/// The real clock: `ContinuousClock`, with its origin when the clock is made.
public struct SystemRunnerClock: RunnerClock {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: origin + deadline, tolerance: nil)
    }

    /// The transports time requests out on this same clock.
    public var transportsKeepItsTime: Bool { true }
}
