import Synchronization

/// A clock for simulating a load schedule exactly and instantly: time stands still while
/// any task that `enter()`ed is running, and jumps to the earliest wake-up as soon as all of
/// them sleep on it. A simulated request is a `sleep(for:)` on this clock.
public final class VirtualLoadClock: LoadClock {
    private struct Sleeper {
        var id: Int
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var participants = 0
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Duration { state.withLock { $0.now } }

    /// Waits `duration` of virtual time.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }

    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int? in
            guard deadline > state.now else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = state.withLock { state -> [CheckedContinuation<Void, any Error>]? in
                    if Task.isCancelled { return nil }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return Self.advanceIfIdle(&state)
                }
                guard let due else { return continuation.resume(throwing: CancellationError()) }
                for continuation in due { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    public func enter() {
        state.withLock { $0.participants += 1 }
    }

    public func leave() {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.participants -= 1
            return Self.advanceIfIdle(&state)
        }
        for continuation in due { continuation.resume() }
    }

    /// When every participant sleeps, moves time to the earliest deadline and wakes the
    /// sleepers due then.
    private static func advanceIfIdle(_ state: inout State) -> [CheckedContinuation<Void, any Error>] {
        guard !state.sleepers.isEmpty, state.sleepers.count >= state.participants,
              let earliest = state.sleepers.map(\.deadline).min()
        else { return [] }
        state.now = max(state.now, earliest)
        let now = state.now
        let due = state.sleepers.filter { $0.deadline <= now }
        state.sleepers.removeAll { $0.deadline <= now }
        return due.map(\.continuation)
    }
}
