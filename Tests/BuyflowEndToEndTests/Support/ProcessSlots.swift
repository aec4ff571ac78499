import Foundation
import Synchronization

/// How many `buyflow` runs the suite keeps going at once: one per core (at least two).
/// Every end-to-end test starts its runs at the same moment, and sixty children on two
/// cores starved the test process itself (the other suites' hang guards of 25 s tripped:
/// a `.deferred` reply of 100 ms took over 30 s). A run waits here for a slot before it is
/// started; its own deadline starts with it.
final class ProcessSlots: Sendable {
    static let shared = ProcessSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(free: count))
    }

    /// Waits for a slot; give it back with `release()`.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                if state.free > 0 {
                    state.free -= 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the slot to the longest waiting run, or frees it.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }

    /// `body` with a slot held.
    func withSlot<T>(_ body: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }
}
