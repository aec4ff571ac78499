import Buy
import BuyflowCore
import Foundation
import HTTPServer
import Synchronization
import Testing

@Suite("Cancellation over loopback")
struct CancelTests {
    @Test("A task cancelled before resume never sends and never completes", arguments: TransportKind.allCases)
    func beforeResume(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let called = Mutex(false)
        let task = Graph.Client.test(shop, kind).queryGraphWith(shopNameQuery()) { _, _ in called.withLock { $0 = true } }
        task.cancel()
        task.resume()
        try await Task.sleep(for: .milliseconds(300))
        #expect(shop.requestCount == 0)
        #expect(!called.withLock { $0 })
    }

    @Test("Cancelling a request in flight aborts it and the completion never fires", arguments: TransportKind.allCases)
    func inFlight(kind: TransportKind) async throws {
        let shop = try TestShop { _, _ in .after(.seconds(300), .json(body: shopJSON)) }
        let called = Mutex(false)
        let recorder = Graph.RecordingMiddleware()
        let client = Graph.Client.test(shop, kind, middleware: [recorder])
        let task = client.queryGraphWith(shopNameQuery()) { _, _ in called.withLock { $0 = true } }
        task.resume()
        try await waitUntil { shop.requestCount == 1 }
        let start = ContinuousClock.now
        task.cancel()
        try await waitUntil { recorder.entries.count == 1 }
        #expect(ContinuousClock.now - start < .seconds(200), "the transfer is aborted, not waited for the 300 s answer")
        #expect(recorder.entries.first?.error?.kind == .cancelled)
        try await Task.sleep(for: .seconds(2.2))
        #expect(!called.withLock { $0 })
    }

    @Test("Cancelling during a retry interval stops polling", arguments: TransportKind.allCases)
    func duringRetry(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let called = Mutex(false)
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 0.2) { _, _ in true }
        let task = Graph.Client.test(shop, kind).queryGraphWith(shopNameQuery(), retryHandler: retry) { _, _ in
            called.withLock { $0 = true }
        }
        task.resume()
        try await waitUntil { shop.requestCount >= 2 }
        task.cancel()
        let count = shop.requestCount
        try await Task.sleep(for: .milliseconds(600))
        #expect(shop.requestCount <= count + 1)
        #expect(!called.withLock { $0 })
    }

    @Test("Cancelling the Swift task of an async query ends it with a cancellation error", arguments: TransportKind.allCases)
    func asyncCancellation(kind: TransportKind) async throws {
        // The shop answers after 300 s; the cancelled query must end long before that (a
        // hang guard: the whole suite runs in parallel on small machines, and an await can
        // wait behind every other test's work on the cooperative pool).
        let shop = try TestShop { _, _ in .after(.seconds(300), .json(body: shopJSON)) }
        let client = Graph.Client.test(shop, kind)
        let start = ContinuousClock.now
        let running = Task { await client.queryGraphWith(shopNameQuery()) }
        try await waitUntil { shop.requestCount == 1 }
        running.cancel()
        let result = await running.value
        #expect(result.error?.isCancellation == true)
        #expect(result.lastExchange?.failure == .cancelled)
        #expect(ContinuousClock.now - start < .seconds(200))
    }
}

/// Polls `condition` every 10 ms for up to 60 s. The bound only stops a test that would
/// hang: in the full suite, sync tests keep the two cooperative threads busy for most of
/// its 20-odd seconds, so a client's retry sleep can wake many seconds late (a 0.2 s
/// retry took 18-22 s to come in three CI runs of 2026-12-01).
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("condition not met within 60 s")
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
