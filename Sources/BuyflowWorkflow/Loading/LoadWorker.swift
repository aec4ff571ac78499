import Foundation
import Synchronization

/// The second thread of one load: it runs the jobs a load hands it — reading a large
/// file's YAML events, checking the second half of a long step list, then of its flow
/// check — one after another, so each job after the first starts on a thread already
/// running instead of a new one.
///
/// A job may wait for a later one (checking steps can read a steps file whose events
/// are read by another job), so nothing is queued behind a job that may wait: such a
/// later job gets a thread of its own, and no job ever waits behind one that waits for
/// it. The thread ends with `finish()`.
final class LoadWorker: Sendable {
    typealias Job = @Sendable () -> Void

    private struct Entry {
        var job: Job
        var mayWait: Bool
        var then: Job?
    }

    private struct State {
        /// Jobs handed over and not finished, the one running first.
        var jobs: [Entry] = []
        /// How many of them may wait for another job.
        var mayWait = 0
        var started = false
        var finished = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `job` on the worker thread after the jobs before it, or on a thread of its
    /// own when one of those may wait (or the worker is finished); then `then`, once the
    /// job no longer holds the worker (so a caller woken by `then` can hand over the
    /// next job to the same thread).
    func run(mayWait: Bool, _ job: @escaping Job, then: Job? = nil) {
        enum Start { case queued, startWorker, ownThread }
        let start = state.withLock { state -> Start in
            if state.finished || state.mayWait > 0 { return .ownThread }
            state.jobs.append(Entry(job: job, mayWait: mayWait, then: then))
            if mayWait { state.mayWait += 1 }
            if state.started { return .queued }
            state.started = true
            return .startWorker
        }
        switch start {
        case .queued: wake.signal()
        case .startWorker: Thread.detachNewThread { [self] in loop() }
        case .ownThread:
            Thread.detachNewThread {
                job()
                then?()
            }
        }
    }

    /// Frees `value` on the worker thread when it is running (a large load's values: the
    /// caller returns before that work is done); a worker never started is not started
    /// for it, and `value` is then freed here.
    func release<Value: Sendable>(_ value: consuming Value) {
        guard state.withLock({ $0.started }) else { return }
        run(mayWait: false) { [value] in withExtendedLifetime(value) {} }
    }

    /// Lets the worker thread end once its jobs are done.
    func finish() {
        let wasStarted = state.withLock { state -> Bool in
            state.finished = true
            return state.started
        }
        if wasStarted { wake.signal() }
    }

    private func loop() {
        while true {
            if let entry = state.withLock({ $0.jobs.first }) {
                entry.job()
                state.withLock { state in
                    state.jobs.removeFirst()
                    if entry.mayWait { state.mayWait -= 1 }
                }
                entry.then?()
                continue
            }
            if state.withLock({ $0.finished && $0.jobs.isEmpty }) { return }
            wake.wait()
        }
    }
}
