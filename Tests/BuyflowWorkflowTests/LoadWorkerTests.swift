import CThread
import Foundation
import Synchronization
import Testing
@testable import BuyflowWorkflow

/// The loads' second thread: jobs run one after another on it, in the order handed over,
/// from however many threads.
@Suite("LoadWorker")
struct LoadWorkerTests {
    @Test("jobs handed over one after another run, in order, on the same thread")
    func sameThread() {
        let worker = LoadWorker()
        let threads = Mutex<[String]>([])
        for index in 0..<5 {
            let done = DispatchSemaphore(value: 0)
            worker.run {
                let name = "\(pthread_self())"
                threads.withLock { $0.append("\(index) \(name)") }
                done.signal()
            }
            done.wait()
        }
        let seen = threads.withLock { $0 }
        #expect(seen.map { $0.split(separator: " ")[0] } == ["0", "1", "2", "3", "4"])
        #expect(Set(seen.map { $0.split(separator: " ")[1] }).count == 1)
    }

    /// Started by its first job, or ahead of it (`WorkflowLoader.prepareWorker`: the thread
    /// may be waiting already when the jobs come, or not yet).
    @Test("jobs handed over at once queue behind each other and run in order", arguments: [false, true])
    func queued(startedAhead: Bool) {
        let worker = LoadWorker()
        if startedAhead {
            worker.start()
            worker.start()
            Thread.sleep(forTimeInterval: 0.01)
        }
        let order = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<20 {
            worker.run {
                order.withLock { $0.append(index) }
                if index == 19 { done.signal() }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(order.withLock { $0 } == Array(0..<20))
    }

    @Test("jobs handed over from many threads at once all run, each thread's in its order")
    func manyThreads() {
        let worker = LoadWorker()
        let ran = Mutex<[Int: [Int]]>([:])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<50 {
                worker.run {
                    ran.withLock { $0[thread, default: []].append(index) }
                    done.signal()
                }
            }
        }
        for _ in 0..<400 { #expect(done.wait(timeout: .now() + 10) == .success) }
        let seen = ran.withLock { $0 }
        #expect(seen.count == 8)
        for thread in 0..<8 { #expect(seen[thread] == Array(0..<50)) }
    }

    @Test("a job handed over with a delay (tests' late worker) starts no sooner")
    func delayed() {
        let worker = LoadWorker()
        let done = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        let started = Mutex<ContinuousClock.Instant?>(nil)
        worker.run(after: .milliseconds(30)) {
            started.withLock { $0 = ContinuousClock.now }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(started.withLock { $0.map { $0 - start } ?? .zero } >= .milliseconds(30))
    }

    #if os(Linux)
    @Test(
        "the worker is moved off the CPU of the thread that hands it a job before it is woken",
        .enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "needs two CPUs")
    )
    func offCallerCPU() throws {
        let worker = LoadWorker()
        let workerThread = Mutex<Int32>(0)
        let started = DispatchSemaphore(value: 0)
        let hold = DispatchSemaphore(value: 0)
        // A first job keeps the worker busy (it moved itself off this thread's CPU when
        // it took the job up): what happens to it now is the handing thread's doing.
        worker.run {
            workerThread.withLock { $0 = buyflow_thread_id() }
            started.signal()
            hold.wait()
        }
        #expect(started.wait(timeout: .now() + 10) == .success)
        let thread = workerThread.withLock { $0 }
        try #require(thread > 0)
        let before = Self.allowedCPUs(thread: thread)
        let avoided = Self.allowedCPUs(thread: 0).subtracting(before)
        try #require(avoided.count == 1)

        // From a thread on a CPU the worker may use now.
        struct Seen: Sendable { var caller: Int32; var allowed: Set<Int> }
        let seen = Mutex<Seen?>(nil)
        let handed = DispatchSemaphore(value: 0)
        let ran = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = buyflow_avoid_cpu(0, Int32(avoided.first!))
            for _ in 0..<20 {
                let cpu = buyflow_current_cpu()
                worker.run { ran.signal() }
                // A caller that moved while handing the job over tries again.
                if buyflow_current_cpu() == cpu {
                    seen.withLock { $0 = Seen(caller: cpu, allowed: Self.allowedCPUs(thread: thread)) }
                    break
                }
            }
            handed.signal()
        }
        #expect(handed.wait(timeout: .now() + 10) == .success)
        hold.signal()
        let found = try #require(seen.withLock { $0 })
        #expect(before.contains(Int(found.caller)))
        #expect(!found.allowed.contains(Int(found.caller)))
        #expect(!found.allowed.isEmpty)
        #expect(ran.wait(timeout: .now() + 10) == .success)
    }

    /// The CPUs thread `thread` of this process (0: the main thread) may run on
    /// (`Cpus_allowed_list` in procfs).
    static func allowedCPUs(thread: Int32) -> Set<Int> {
        let path = thread == 0 ? "/proc/self/status" : "/proc/self/task/\(thread)/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return [] }
        var cpus: Set<Int> = []
        for part in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let bounds = part.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if let first = bounds.first { cpus.formUnion(first...(bounds.last ?? first)) }
        }
        return cpus
    }
    #endif
}
