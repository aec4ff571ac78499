import Synchronization

/// The live counters of a load schedule, read by the console each second and by the
/// threshold watch; written by the scheduler. Thread-safe.
public final class LoadProgress: Sendable {
    private let started = Atomic<Int>(0)
    private let completed = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let active = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    public init() {}

    /// Iterations started so far.
    public var iterationsStarted: Int { started.load(ordering: .relaxed) }
    public var iterationsCompleted: Int { completed.load(ordering: .relaxed) }
    public var iterationsFailed: Int { failed.load(ordering: .relaxed) }
    /// Open model: iterations due while every VU was busy.
    public var iterationsDropped: Int { dropped.load(ordering: .relaxed) }
    /// VUs running now (closed model: started and not finished; open model: busy).
    public var activeVUs: Int { active.load(ordering: .relaxed) }
    /// The most VUs active at once.
    public var peakVUs: Int { peak.load(ordering: .relaxed) }
    public var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Starts no more iterations (an interrupt, a breached threshold with `abortOnFail`).
    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Takes the next iteration's number (0-based), `nil` when `limit` are taken or the run stopped.
    func takeIteration(limit: Int?) -> Int? {
        guard !isStopped else { return nil }
        let index = started.add(1, ordering: .relaxed).oldValue
        if let limit, index >= limit {
            started.subtract(1, ordering: .relaxed)
            return nil
        }
        return index
    }

    func finished(failed didFail: Bool) {
        completed.add(1, ordering: .relaxed)
        if didFail { failed.add(1, ordering: .relaxed) }
    }

    func drop() { dropped.add(1, ordering: .relaxed) }

    func vuStarted() {
        let now = active.add(1, ordering: .relaxed).newValue
        var seen = peak.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = peak.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }

    func vuEnded() { active.subtract(1, ordering: .relaxed) }
}
