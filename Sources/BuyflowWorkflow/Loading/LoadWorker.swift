import Foundation
internal import CThread
import Synchronization

/// The second thread of one load: it runs the jobs a load hands it — parsing the second
/// part of a long file, checking the second half of a long step list, then of its flow
/// check — one after another, so each job after the first starts on a thread already
/// running instead of a new one. No job waits for another. The thread ends with
/// `finish()`; a job handed over after that runs on a thread of its own.
final class LoadWorker: Sendable {
    typealias Job = @Sendable () -> Void
    // What a load is done with is freed on the load's thread. Handing it to the worker
    // took about 0.4 ms of 7 off checkout-500, but the worker then freed memory from the
    // load thread's malloc arena while the next load ran, which slowed that load by more
    // (reuse-50 after checkout-500: paired ratios 0.25-0.27 against 0.23-0.24).

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
