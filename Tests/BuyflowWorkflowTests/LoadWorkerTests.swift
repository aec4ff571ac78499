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

    @Test("jobs handed over at once queue behind each other and run in order")
    func queued() {
        let worker = LoadWorker()
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
}
