import Foundation
import Synchronization
import Testing
@testable import BuyflowWorkflow

/// The load's second thread: jobs run one after another on it, in the order handed
/// over; after `finish`, each on a thread of its own.
@Suite("LoadWorker")
struct LoadWorkerTests {
    @Test("jobs handed over one after another run, in order, on the same thread")
    func sameThread() {
        let worker = LoadWorker()
        defer { worker.finish() }
        let threads = Mutex<[String]>([])
        for index in 0..<5 {
            let done = DispatchSemaphore(value: 0)
            worker.run {
                let name = "\(pthread_self())"
                threads.withLock { $0.append("\(index) \(name)") }
            } then: {
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
        defer { worker.finish() }
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

    @Test("after finish, jobs still run, each on a thread of its own")
    func afterFinish() {
        let worker = LoadWorker()
        worker.finish()
        let done = DispatchSemaphore(value: 0)
        worker.run { done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
    }
}
