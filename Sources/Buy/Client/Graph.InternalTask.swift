import Dispatch
import Foundation
import Synchronization

extension Graph {
    /// The task behind `queryGraphWith`/`mutateGraphWith`: runs `work` in a Swift task
    /// and hands its outcome to the completion on the client's completion queue, unless
    /// cancelled first.
    final class InternalTask: Graph.Task {
        private struct State {
            var resumed = false
            var cancelled = false
            var running: _Concurrency.Task<Void, Never>?
        }

        private let state = Mutex(State())
        /// Held while a completion runs and while cancelling, so a completion that has not
        /// started by the time `cancel()` is called never runs (recursive: a completion may
        /// cancel its own task).
        private let delivery = NSRecursiveLock()
        private let queue: DispatchQueue
        private let work: @Sendable (InternalTask) async -> Void

        init(queue: DispatchQueue, work: @escaping @Sendable (InternalTask) async -> Void) {
            self.queue = queue
            self.work = work
        }

        func resume() {
            state.withLock { state in
                guard !state.resumed, !state.cancelled else { return }
                state.resumed = true
                state.running = _Concurrency.Task { [self] in await work(self) }
            }
        }

        func cancel() {
            delivery.lock()
            let running = state.withLock { state in
                state.cancelled = true
                return state.running
            }
            delivery.unlock()
            running?.cancel()
        }

        var isCancelled: Bool { state.withLock { $0.cancelled } }

        /// Runs `completion` on the completion queue unless the task was cancelled.
        func deliver(_ completion: @escaping @Sendable () -> Void) {
            queue.async { [self] in
                delivery.lock()
                defer { delivery.unlock() }
                guard !isCancelled else { return }
                completion()
            }
        }
    }
}
