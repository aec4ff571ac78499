import Buy
import BuyflowCore
import Foundation
import HTTPServer
import Synchronization
import Testing

@Suite("RetryHandler over loopback")
struct RetryTests {
    /// Answers `{"data":{"cart":{"totalQuantity":N}}}` with N = the request's number.
    private func countingShop() throws -> TestShop {
        try TestShop { _, index in .respond(.json(body: #"{"data":{"cart":{"totalQuantity":\#(index)}}}"#)) }
    }

    private let cartQuery = Storefront.buildQuery { $0.cart(id: "gid://shopify/Cart/1") { $0.totalQuantity() } }

    @Test(".finite(n) sends at most n + 1 requests", arguments: TransportKind.allCases, [0, 1, 3])
    func finite(kind: TransportKind, repeats: Int) async throws {
        let shop = try countingShop()
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(repeats), interval: 0.01) { _, _ in true }
        let result = await Graph.Client.test(shop, kind).queryGraphWith(cartQuery, retryHandler: retry)
        #expect(shop.requestCount == repeats + 1)
        #expect(result.attempts == repeats + 1)
        #expect(result.response?.cart?.totalQuantity == Int32(repeats))
    }

    @Test("Retries stop as soon as the condition is false; the completion runs once, with the last response", arguments: TransportKind.allCases)
    func untilCondition(kind: TransportKind) async throws {
        let shop = try countingShop()
        let calls = Mutex(0)
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 0.01) { response, _ in
            calls.withLock { $0 += 1 }
            return (response?.cart?.totalQuantity ?? 0) < 2
        }
        let client = Graph.Client.test(shop, kind)
        let completions = Mutex(0)
        let (response, error) = await completion { done in
            client.queryGraphWith(cartQuery, retryHandler: retry) { response, error in
                completions.withLock { $0 += 1 }
                done((response, error))
            }.resume()
        }
        #expect(error == nil)
        #expect(response?.cart?.totalQuantity == 2)
        #expect(shop.requestCount == 3)
        #expect(calls.withLock { $0 } == 3)
        try await Task.sleep(for: .milliseconds(50))
        #expect(completions.withLock { $0 } == 1)
    }

    @Test("The interval separates attempts", arguments: TransportKind.allCases)
    func interval(kind: TransportKind) async throws {
        let shop = try countingShop()
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(2), interval: 0.15) { _, _ in true }
        _ = await Graph.Client.test(shop, kind).queryGraphWith(cartQuery, retryHandler: retry)
        let arrivals = shop.requests.map(\.arrival)
        #expect(arrivals.count == 3)
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
            #expect(later - earlier >= .milliseconds(140))
        }
    }

    @Test("The condition sees errors, so failed requests can be retried", arguments: TransportKind.allCases)
    func retryOnError(kind: TransportKind) async throws {
        let shop = try TestShop { _, index in
            index < 2 ? .respond(.json(status: 503, body: #"{"errors":[{"message":"busy"}]}"#)) : .respond(.json(body: shopJSON))
        }
        let seen = Mutex<[Int]>([])
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(5), interval: 0.01) { _, error in
            guard case .http(let status) = error else { return false }
            seen.withLock { $0.append(status) }
            return status >= 500
        }
        let result = await Graph.Client.test(shop, kind).queryGraphWith(shopNameQuery(), retryHandler: retry)
        #expect(result.response?.shop.name == "Sample Shoes")
        #expect(seen.withLock { $0 } == [503, 503])
        #expect(shop.requestCount == 3)
    }

    @Test("Exhausted endurance delivers the last error")
    func exhausted() async throws {
        let shop = try TestShop(json: #"{"errors":[{"message":"down"}]}"#, status: 500)
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(2), interval: 0) { _, error in error != nil }
        let result = await Graph.Client.test(shop, .curl).queryGraphWith(shopNameQuery(), retryHandler: retry)
        guard case .http(500) = result.error else {
            Issue.record("expected .http(500), got \(String(describing: result.error))")
            return
        }
        #expect(shop.requestCount == 3)
    }

    @Test("canRetry and repeatCount follow the SDK's meaning")
    func handlerState() {
        let finite = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(0)) { _, _ in true }
        #expect(!finite.canRetry)
        #expect(finite.repeatCount == 0)
        #expect(finite.interval == 2.0)
        let infinite = Graph.RetryHandler<Storefront.QueryRoot> { _, _ in true }
        #expect(infinite.canRetry)
        #expect(infinite.endurance == .infinite)
    }
}
