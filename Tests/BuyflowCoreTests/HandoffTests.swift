import BuyflowCore
import Foundation
import Testing

/// `Handoff`: whoever claims the work first does it; `join` takes back work not begun,
/// and waits for work begun.
struct HandoffTests {
    @Test("work not begun is taken back, and never runs on the other thread")
    func takenBack() {
        let handoff = Handoff<Int>()
        #expect(handoff.join() == nil)
        #expect(handoff.claim() == false, "the other thread, starting late, finds it taken")
    }

    @Test("work begun is waited for, and its result handed back")
    func waitedFor() {
        let handoff = Handoff<Int>()
        let claimed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            guard handoff.claim() else { return }
            claimed.signal()
            Thread.sleep(forTimeInterval: 0.05)
            handoff.store(42)
            handoff.finish()
        }
        claimed.wait()
        #expect(handoff.join() == 42)
    }

    @Test("work begun and finished with nothing stored joins as nil")
    func finishedEmpty() {
        let handoff = Handoff<Int>()
        #expect(handoff.claim())
        handoff.finish()
        #expect(handoff.join() == nil)
    }
}
