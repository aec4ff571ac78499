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
    /// The worker thread's id once it runs (0 before).
    private let thread = Atomic<Int32>(0)
    /// The CPU the worker is kept off (-1: none).
    private let avoided = Atomic<Int32>(-1)

    /// Runs `job` on the worker thread after the jobs before it; in tests, `delay` after
    /// the worker takes it up (`Options.workerDelayForTesting`).
    func run(after delay: Duration? = nil, _ job: @escaping Job) {
        let entry = Entry(job: job, delay: delay, callerCPU: keepOffCallerCPU())
        let start = state.withLock { state -> Bool in
            state.jobs.append(entry)
            return Self.claimStart(&state)
        }
        if start {
            launch()
        } else {
            wake.signal()
        }
    }

    /// Starts the worker thread now, if nothing has started it yet.
    func start() {
        if state.withLock({ Self.claimStart(&$0) }) { launch() }
    }

    /// Whether the caller is the one to start the thread.
    private static func claimStart(_ state: inout State) -> Bool {
        if state.started { return false }
        state.started = true
        return true
    }

    private func launch() {
        Thread.detachNewThread { [self] in loop() }
    }

    /// Keeps the worker off the calling thread's CPU, and does so before waking it:
    /// woken by the caller, the scheduler often put the worker on the caller's CPU, where
    /// the two took turns for milliseconds instead of running at once. Moved by the
    /// worker itself when it took a job up, it stayed on the CPU it had moved to; a
    /// caller that later ran on that very CPU (as after sleeping, or waiting for another
    /// process) then woke it where it could not run: its jobs started 2 ms or more late
    /// (traced with `buyflow-bench workflow`: a third of them with 30 ms of idle between
    /// loads, checkout-500 as shipped 6.3-6.8 ms instead of 4.2-4.4). Returns the
    /// caller's CPU (-1: unknown).
    private func keepOffCallerCPU() -> Int32 {
        let cpu = buyflow_current_cpu()
        let worker = thread.load(ordering: .acquiring)
        if worker != 0 { keep(worker, off: cpu) }
        return cpu
    }

    /// Moves `thread` (0: the calling one) off `cpu`, unless it is kept off it already.
    private func keep(_ thread: Int32, off cpu: Int32) {
        if cpu >= 0, avoided.load(ordering: .relaxed) != cpu, buyflow_avoid_cpu(thread, cpu) == 0 {
            avoided.store(cpu, ordering: .relaxed)
        }
    }

    private func loop() {
        thread.store(buyflow_thread_id(), ordering: .releasing)
        while true {
            guard let entry = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else {
                wake.wait()
                continue
            }
            // The thread's first job (its caller could not move it before it existed), or
            // a job of two loads at once from threads on different CPUs.
            keep(0, off: entry.callerCPU)
            if let delay = entry.delay {
                Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            }
            entry.job()
        }
    }
}
