import Dispatch
import Synchronization

/// Work handed to another thread that the handing thread may take back: whoever claims
/// it first does it. The other thread claims it when it starts it; the handing thread
/// when it needs the result (`join`), and if it is first the work never runs there — so
/// a late or busy helper thread never keeps the handing thread waiting.
///
///     let handoff = Handoff<Int>()
///     helper.run { if handoff.claim() { handoff.store(work()); handoff.finish() } }
///     let result = handoff.join() ?? work()   // nil: taken back, do it here
package final class Handoff<Value: Sendable>: Sendable {
    private let claimed = Atomic<Bool>(false)
    private let result = Mutex<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    package init() {}

    /// Whether the caller is first to claim the work (then it does it).
    package func claim() -> Bool {
        claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// The result of the work, from the thread that claimed it.
    package func store(_ value: Value) {
        result.withLock { $0 = value }
    }

    /// The work is done (or abandoned after its claim): wakes `join`.
    package func finish() {
        done.signal()
    }

    /// The result once the other thread has finished the work it claimed; `nil` when it
    /// had not started it (it now never will), or finished it storing nothing.
    package func join() -> Value? {
        if claim() { return nil }
        done.wait()
        return result.withLock { $0.take() }
    }
}
