import Foundation
internal import CThread
import Synchronization

/// The second thread of one load: it runs the jobs a load hands it — checking the second
/// half of a long step list, then of its flow check, freeing what the load is done
/// with — one after another, so each job after the first starts on a thread already
/// running instead of a new one. No job waits for another. The thread ends with
/// `finish()`; a job handed over after that runs on a thread of its own.
final class LoadWorker: Sendable {
    typealias Job = @Sendable () -> Void

    private struct Entry {
        var job: Job
        var then: Job?
    }

    private struct State {
        /// Jobs handed over and not finished, the one running first.
        var jobs: [Entry] = []
        var started = false
        var finished = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `job` on the worker thread after the jobs before it (on a thread of its own
    /// once the worker is finished); then `then`, once the job no longer holds the worker
    /// (so a caller woken by `then` can hand over the next job to the same thread).
    func run(_ job: @escaping Job, then: Job? = nil) {
        enum Start { case queued, startWorker, ownThread }
        let start = state.withLock { state -> Start in
            if state.finished { return .ownThread }
            state.jobs.append(Entry(job: job, then: then))
            if state.started { return .queued }
            state.started = true
            return .startWorker
        }
        switch start {
        case .queued: wake.signal()
        case .startWorker:
            // On another CPU than the caller's: woken by the caller, the scheduler often
            // puts a new thread on the caller's CPU, where the two take turns for
            // milliseconds instead of running at once (measured with `buyflow-bench
            // workflow`: the load's thread stood still while the worker ran its half).
            let callerCPU = buyflow_current_cpu()
            Thread.detachNewThread { [self] in
                _ = buyflow_avoid_cpu(callerCPU)
                loop()
            }
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
        run { [value] in withExtendedLifetime(value) {} }
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
                state.withLock { _ = $0.jobs.removeFirst() }
                entry.then?()
                continue
            }
            if state.withLock({ $0.finished && $0.jobs.isEmpty }) { return }
            wake.wait()
        }
    }
}
