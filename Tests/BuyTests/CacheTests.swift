import Buy
import BuyCurl
import BuyHTTP1
import BuyflowCore
import Foundation
import HTTPServer
import Synchronization
import Testing

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_775_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

@Suite("Cache policies over loopback")
struct CacheTests {
    /// Answers with the shop name "Shop #N", N = the request's number; fails with 503 once `failing` is set.
    private final class Server: Sendable {
        final class Flag: Sendable {
            private let value = Mutex(false)
            var isSet: Bool { value.withLock { $0 } }
            func set() { value.withLock { $0 = true } }
        }

        let failing = Flag()
        let shop: TestShop

        init() throws {
            let failing = self.failing
            shop = try TestShop { _, index in
                if failing.isSet { return .respond(.json(status: 503, body: #"{"errors":[{"message":"down"}]}"#)) }
                return .respond(.json(body: #"{"data":{"shop":{"name":"Shop #\#(index)"}}}"#))
            }
        }
    }

    private func name(_ result: Graph.QueryResult<Storefront.QueryRoot>) -> String? { result.response?.shop.name }

    @Test("cacheOnly with nothing cached reports .cacheMiss (the SDK returned nothing)", arguments: TransportKind.allCases)
    func cacheOnlyMiss(kind: TransportKind) async throws {
        let server = try Server()
        let client = Graph.Client.test(server.shop, kind)
        let result = await client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly)
        guard case .cacheMiss = result.error else {
            Issue.record("expected .cacheMiss, got \(String(describing: result.error))")
            return
        }
        #expect(result.response == nil)
        #expect(server.shop.requestCount == 0)

        let (response, error) = await completion { done in
            client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly) { done(($0, $1)) }.resume()
        }
        #expect(response == nil)
        #expect(error != nil)
    }

    @Test("networkOnly fills the cache; cacheOnly then answers without a request", arguments: TransportKind.allCases)
    func networkThenCache(kind: TransportKind) async throws {
        let server = try Server()
        let client = Graph.Client.test(server.shop, kind)
        #expect(name(await client.queryGraphWith(shopNameQuery(), cachePolicy: .networkOnly)) == "Shop #0")
        let cached = await client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly)
        #expect(name(cached) == "Shop #0")
        #expect(cached.isFromCache)
        #expect(cached.attempts == 0)
        #expect(server.shop.requestCount == 1)
    }

    @Test("cacheFirst uses a fresh entry and goes to the network once it has expired", arguments: TransportKind.allCases)
    func cacheFirstExpiry(kind: TransportKind) async throws {
        let server = try Server()
        let clock = TestClock()
        let client = Graph.Client.test(server.shop, kind, cache: .inMemory(now: { clock.now }))
        #expect(name(await client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60))) == "Shop #0")
        clock.advance(59)
        #expect(name(await client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60))) == "Shop #0")
        #expect(server.shop.requestCount == 1)
        clock.advance(2)
        #expect(name(await client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60))) == "Shop #1")
        #expect(server.shop.requestCount == 2)
    }

    @Test("networkFirst prefers the network, and on failure falls back to a fresh entry keeping the error visible", arguments: TransportKind.allCases)
    func networkFirst(kind: TransportKind) async throws {
        let server = try Server()
        let clock = TestClock()
        let client = Graph.Client.test(server.shop, kind, cache: .inMemory(now: { clock.now }))
        #expect(name(await client.queryGraphWith(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))) == "Shop #0")
        let second = await client.queryGraphWith(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))
        #expect(name(second) == "Shop #1")
        #expect(!second.isFromCache)

        server.failing.set()
        let fallback = await client.queryGraphWith(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))
        #expect(name(fallback) == "Shop #1")
        #expect(fallback.isFromCache)
        guard case .http(503) = fallback.error else {
            Issue.record("the network error must stay visible, got \(String(describing: fallback.error))")
            return
        }

        clock.advance(61)
        let expired = await client.queryGraphWith(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))
        #expect(expired.response == nil)
        guard case .http(503) = expired.error else {
            Issue.record("expected .http(503), got \(String(describing: expired.error))")
            return
        }
    }

    @Test("Mutations are never answered from the cache", arguments: TransportKind.allCases)
    func mutationsBypassCache(kind: TransportKind) async throws {
        let shop = try TestShop { _, index in
            .respond(.json(body: #"{"data":{"cartCreate":{"cart":{"id":"gid://shopify/Cart/\#(index)"},"userErrors":[]}}}"#))
        }
        let client = Graph.Client.test(shop, kind)
        client.cachePolicy = .cacheFirst(expireIn: 3600)
        let mutation = Storefront.buildMutation { $0.cartCreate { $0.cart { $0.id() }.userErrors { $0.message() } } }
        let first = await client.mutateGraphWith(mutation)
        let second = await client.mutateGraphWith(mutation)
        #expect(first.response?.cartCreate?.cart?.id.rawValue == "gid://shopify/Cart/0")
        #expect(second.response?.cartCreate?.cart?.id.rawValue == "gid://shopify/Cart/1")
        #expect(!second.isFromCache)
        // Even a mutation root passed to queryGraphWith is sent every time.
        let third = await client.queryGraphWith(mutation, cachePolicy: .cacheOnly)
        #expect(third.response?.cartCreate?.cart?.id.rawValue == "gid://shopify/Cart/2")
        #expect(shop.requestCount == 3)
    }

    @Test("The client's cachePolicy applies to queries that give none")
    func clientDefaultPolicy() async throws {
        let server = try Server()
        let client = Graph.Client.test(server.shop, .curl)
        #expect(client.cachePolicy == .networkOnly)
        client.cachePolicy = .cacheFirst(expireIn: 60)
        _ = await client.queryGraphWith(shopNameQuery())
        let again = await client.queryGraphWith(shopNameQuery())
        #expect(again.isFromCache)
        #expect(server.shop.requestCount == 1)
    }

    @Test("The key covers query, token, API version, locale and headers: no entry is shared across them")
    func keyScope() async throws {
        let server = try Server()
        let cache = Graph.Cache.inMemory()
        func run(_ client: Graph.Client, _ query: Storefront.QueryRootQuery = shopNameQuery()) async -> Bool {
            _ = await client.queryGraphWith(query, cachePolicy: .networkOnly)
            return await client.queryGraphWith(query, cachePolicy: .cacheOnly).isFromCache
        }
        let base = Graph.Client.test(server.shop, .curl, cache: cache)
        #expect(await run(base))
        let variants: [Graph.Client] = [
            Graph.Client.test(server.shop, .curl, apiKey: "other-token", cache: cache),
            Graph.Client.test(server.shop, .curl, locale: Locale(identifier: "fr_CA"), cache: cache),
            Graph.Client.test(server.shop, .curl, headers: ["X-Buyer": "1"], cache: cache),
            Graph.Client(endpoint: server.shop.url, apiVersion: "2025-01", apiKey: "test-token", transport: Graph.CurlTransport(), cache: cache),
        ]
        for client in variants {
            #expect(await client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly).error.map(Graph.FailureKind.init) == .cacheMiss)
        }
        let otherQuery = Storefront.buildQuery { $0.shop { $0.name().currencyCode() } }
        #expect(await base.queryGraphWith(otherQuery, cachePolicy: .cacheOnly).error.map(Graph.FailureKind.init) == .cacheMiss)
        let withVariables = base.makeRequest(document: "{shop{name}}", variables: JSONObject([("a", 1)]))
        #expect(base.makeRequest(document: "{shop{name}}", variables: JSONObject([("a", 2)])).body != withVariables.body)
    }

    @Test("The on-disk cache survives the memory cache and a new Cache on the same folder")
    func disk() async throws {
        let server = try Server()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let first = Graph.Client.test(server.shop, .curl, cache: Graph.Cache(directory: folder, now: { clock.now }))
        _ = await first.queryGraphWith(shopNameQuery())
        first.cache.clearMemory()
        #expect(name(await first.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly)) == "Shop #0")

        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1)
        #expect(files.allSatisfy { !$0.contains("test-token") })

        let second = Graph.Client.test(server.shop, .curl, cache: Graph.Cache(directory: folder, now: { clock.now }))
        #expect(name(await second.queryGraphWith(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 10))) == "Shop #0")
        clock.advance(11)
        #expect(name(await second.queryGraphWith(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 10))) == "Shop #1")
        #expect(server.shop.requestCount == 2)
    }

    @Test("A cached partial response keeps its errors")
    func cachedPartial() async throws {
        let shop = try TestShop(json: #"{"data":{"shop":{"name":"Sample Shoes"}},"errors":[{"message":"partial"}]}"#)
        let client = Graph.Client.test(shop, .curl)
        _ = await client.queryGraphWith(shopNameQuery())
        let cached = await client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly)
        #expect(name(cached) == "Sample Shoes")
        guard case .invalidQuery(let reasons) = cached.error else {
            Issue.record("expected .invalidQuery, got \(String(describing: cached.error))")
            return
        }
        #expect(reasons.first?.message == "partial")
    }
}
