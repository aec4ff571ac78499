import Foundation
internal import CThread
import Synchronization

/// The second thread of the loads of a process (`LoadWorker.shared`): it runs the jobs
/// loads hand it — parsing the second part of a long file, checking the second half of a
/// long step list, then of its flow check — one after another. The thread is made once
/// and then waits for work: starting a thread for each load cost 0.7 to 2.4 ms on a busy
/// 2-core VM (traced from handing the first job over to its start), longer than the
/// YAML part it was to parse. No job waits for another, and a load never waits for a
/// job that has not started (`LoadSession.Fork`, `StreamReader.SecondPart`): when two
/// loads run at once, the second's jobs wait behind the first's, and its own thread
/// takes them back.
///
/// What a load is done with is freed on the load's thread. Handing it to the worker took
/// about 0.4 ms of 7 off checkout-500, but the worker then freed memory from the load
/// thread's malloc arena while the next load ran, which slowed that load by more
/// (reuse-50 after checkout-500: paired ratios 0.25-0.27 against 0.23-0.24).
final class LoadWorker: Sendable {
    typealias Job = @Sendable () -> Void

    static let shared = LoadWorker()

    private struct Entry {
        var job: Job
        var delay: Duration?
        /// The CPU of the thread that handed the job over (-1: unknown).
        var callerCPU: Int32
    }

    private struct State {
        /// Jobs handed over and not started, in order.
        var jobs: [Entry] = []
        var started = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `job` on the worker thread after the jobs before it; in tests, `delay` after
    /// the worker takes it up (`Options.workerDelayForTesting`).
    func run(after delay: Duration? = nil, _ job: @escaping Job) {
        let entry = Entry(job: job, delay: delay, callerCPU: buyflow_current_cpu())
        let start = state.withLock { state -> Bool in
            state.jobs.append(entry)
            if state.started { return false }
            state.started = true
            return true
        }
        if start {
            Thread.detachNewThread { [self] in loop() }
        } else {
            wake.signal()
        }
    }

    private func loop() {
        var avoided: Int32 = -1
        while true {
            guard let entry = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else {
                wake.wait()
                continue
            }
            // On another CPU than the caller's: woken by the caller, the scheduler often
            // puts the worker on the caller's CPU, where the two take turns for
            // milliseconds instead of running at once (traced with `buyflow-bench
            // workflow`: the load's thread stood still while the worker ran its half).
            if entry.callerCPU >= 0, entry.callerCPU != avoided, buyflow_avoid_cpu(entry.callerCPU) == 0 {
                avoided = entry.callerCPU
            }
            if let delay = entry.delay {
                Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            }
            entry.job()
        }
    }
}
