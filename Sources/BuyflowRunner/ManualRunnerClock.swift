import BuyflowReport
import Synchronization

/// A clock that never waits: `sleep` moves its time forward at once, so backoff, poll
/// intervals and timeouts are tested exactly and instantly. Every sleep is recorded.
///
/// `expire(at:)` (a request's timeout) does not move time by itself: it returns when a
/// sleep (for example a stub transport simulating a slow answer with `sleep(for:)`) or
/// `advance(by:)` moves time to its deadline, and throws when cancelled.
public final class ManualRunnerClock: RunnerClock {
    private struct Waiter {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleeps: [Duration] = []
        var waiters: [Int: Waiter] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = Mutex(State())
    private let wallOrigin: Timestamp

    /// - Parameter wallTime: what `wallTime()` gives at time zero.
    public init(wallTime: Timestamp = Timestamp(millisecondsSince1970: 1_796_126_400_000)) {
        wallOrigin = wallTime
    }

    public var now: Duration { state.withLock { $0.now } }

    /// Every sleep's length, in order (a sleep into the past counts as zero).
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.sleeps.append(max(.zero, deadline - state.now))
            state.now = max(state.now, deadline)
            return Self.takeDue(&state)
        }
        for continuation in due { continuation.resume() }
    }

    /// Moves time forward by `duration`, ending the timeouts it passes.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now += duration
            return Self.takeDue(&state)
        }
        for continuation in due { continuation.resume() }
    }

    public func expire(at deadline: Duration) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, due, cancelled }
                let outcome = state.withLock { state -> Outcome in
                    if state.cancelled.remove(id) != nil { return .cancelled }
                    if state.now >= deadline { return .due }
                    state.waiters[id] = Waiter(deadline: deadline, continuation: continuation)
                    return .wait
                }
                switch outcome {
                case .wait: break
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return waiter
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
        state.withLock { _ = $0.cancelled.remove(id) }
    }

    public func wallTime() -> Timestamp { wallOrigin.advanced(by: now) }

    private static func takeDue(_ state: inout State) -> [CheckedContinuation<Void, any Error>] {
        let due = state.waiters.filter { $0.value.deadline <= state.now }
        for id in due.keys { state.waiters.removeValue(forKey: id) }
        return due.values.map(\.continuation)
    }
}
