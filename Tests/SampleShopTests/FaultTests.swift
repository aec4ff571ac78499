import BuyflowCore
import Foundation
import Testing
@testable import SampleShop

@Suite("Faults: latency, fail, throttle, GraphQL errors, drops — reproducible with a seed")
struct FaultTests {
    /// What request `n` draws, as `ShopFaults` documents: drop, fail, error, jitter.
    static func draws(seed: UInt64, request: UInt64) -> (drop: Double, fail: Double, error: Double, jitter: Double) {
        var generator = SplitMix64(seed: seed, stream: request)
        return (generator.nextUnit(), generator.nextUnit(), generator.nextUnit(), generator.nextUnit())
    }

    /// Sends `count` queries, each on a new connection; "ok", "dropped" or the status.
    static func outcomes(_ shop: TestShop, count: Int) -> [String] {
        (0..<count).map { _ in
            do {
                let response = try shop.post("{ shop { name } }")
                return response.status == 200 ? "ok" : String(response.status)
            } catch {
                return "dropped"
            }
        }
    }

    @Test("--drop-rate closes the connection unanswered, for exactly the requests the seed picks")
    func drops() throws {
        let faults = ShopFaults(dropRate: 0.4, seed: 42)
        let expected = (0..<20).map { Self.draws(seed: 42, request: UInt64($0)).drop < 0.4 ? "dropped" : "ok" }
        #expect(expected.contains("dropped") && expected.contains("ok"))
        let first = Self.outcomes(try TestShop(SampleShop.Options(faults: faults)), count: 20)
        let second = Self.outcomes(try TestShop(SampleShop.Options(faults: faults)), count: 20)
        #expect(first == expected)
        #expect(second == expected)
    }

    @Test("--fail-rate answers --fail-status with a JSON errors body", arguments: [503, 500])
    func failures(status: Int) throws {
        let shop = try TestShop(SampleShop.Options(faults: ShopFaults(failRate: 0.5, failStatus: status, seed: 7)))
        let expected = (0..<16).map { Self.draws(seed: 7, request: UInt64($0)).fail < 0.5 ? String(status) : "ok" }
        #expect(Self.outcomes(shop, count: 16) == expected)
        let failing = try #require(expected.firstIndex(of: String(status)))
        let again = try TestShop(SampleShop.Options(faults: ShopFaults(failRate: 0.5, failStatus: status, seed: 7)))
        for _ in 0..<failing { _ = try again.post("{ shop { name } }") }
        let response = try again.post("{ shop { name } }")
        #expect(response.status == status)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        #expect(response.json?.string("errors[0].message")?.contains("--fail-rate") == true)
    }

    @Test("--error-rate: HTTP 200, the first nullable field null, an errors entry with its path")
    func graphQLErrors() throws {
        let faults = ShopFaults(errorRate: 0.5, seed: 3)
        let shop = try TestShop(SampleShop.Options(faults: faults))
        var injected = 0
        for n in 0..<12 {
            let json = try shop.graphql("{ shop { name } product(handle: \"wool-socks\") { title vendor } }")
            let expectError = Self.draws(seed: 3, request: UInt64(n)).error < 0.5
            #expect(json.string("data.shop.name") == "Sample Shoes")
            if expectError {
                injected += 1
                #expect(json.at("data.product") == .null)
                #expect(json.at("errors[0].path") == ["product"])
                #expect(json.string("errors[0].extensions.code") == "INTERNAL_SERVER_ERROR")
                #expect(json.int("errors[0].locations[0].line") == 1)
            } else {
                #expect(json["errors"] == nil)
                #expect(json.string("data.product.title") == "Wool Socks")
            }
        }
        #expect(injected > 0 && injected < 12)
    }

    @Test("--error-rate on a mutation fails its nullable payload before the cart changes")
    func errorsOnMutations() throws {
        let shop = try TestShop(SampleShop.Options(faults: ShopFaults(errorRate: 1, seed: 1)))
        let json = try shop.graphql("mutation { cartCreate { cart { id } } }")
        #expect(json.at("data.cartCreate") == .null)
        #expect(json.at("errors[0].path") == ["cartCreate"])
        #expect(shop.shop.cartCount == 0)
    }

    @Test("--throttle n/s: over it, 429 with Retry-After")
    func throttle() throws {
        let shop = try TestShop(SampleShop.Options(faults: ShopFaults(throttle: 3, seed: 1)))
        let client = try RawHTTPClient(port: shop.port)
        var statuses: [Int] = []
        var retryAfter: String?
        for _ in 0..<6 {
            let response = try client.send("POST", shop.path, headers: [("Content-Type", "application/json")], body: Array(#"{"query":"{ shop { name } }"}"#.utf8))
            statuses.append(response.status)
            if response.status == 429 {
                retryAfter = response.header("retry-after")
                #expect(response.json?.string("errors[0].extensions.code") == "THROTTLED")
            }
        }
        #expect(Array(statuses.prefix(4)) == [200, 200, 200, 429], "one second's worth (3) passes, then 429")
        #expect(statuses.filter { $0 == 429 }.count >= 2)
        #expect(retryAfter == "1")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try shop.post("{ shop { name } }").status == 200, "tokens come back at the rate")
    }

    @Test("--latency d±j delays every answer by the seeded amount without holding a worker")
    func latency() throws {
        let faults = ShopFaults(latency: .milliseconds(150), jitter: .milliseconds(50), seed: 9)
        let shop = try TestShop(SampleShop.Options(faults: faults, threadPoolSize: 1))
        for n in 0..<3 {
            let jitter = Self.draws(seed: 9, request: UInt64(n)).jitter
            let expected = 150 + 50 * (jitter * 2 - 1)
            let start = ContinuousClock.now
            #expect(try shop.post("{ shop { name } }").status == 200)
            let elapsed = Double((ContinuousClock.now - start).components.attoseconds) / 1e15 + Double((ContinuousClock.now - start).components.seconds) * 1000
            #expect(elapsed >= expected - 1, "request \(n): \(elapsed) ms, expected ≥ \(expected)")
            // Only a lost delay fails this; the delay itself runs on the dispatch pool,
            // which the full suite keeps busy (2.4 s once against 0.12 s, 2026-12-01).
            #expect(elapsed < expected + 10_000)
        }
        // One worker thread: twenty delayed requests in parallel finish in about one delay
        // (held workers would take at least 20 × 1 s = 20 s).
        let slow = try TestShop(SampleShop.Options(faults: ShopFaults(latency: .seconds(1), seed: 9), threadPoolSize: 1))
        let start = ContinuousClock.now
        let port = slow.port
        let statuses = onThreads(20) { _ in
            (try? RawHTTPClient(port: port).send("POST", "/api/2026-04/graphql.json", body: Array(#"{"query":"{ shop { name } }"}"#.utf8)))?.status ?? 0
        }
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("all faults together are reproducible from the seed")
    func combined() throws {
        let faults = ShopFaults(failRate: 0.2, errorRate: 0.2, dropRate: 0.2, seed: 2026)
        func run() throws -> [String] {
            let shop = try TestShop(SampleShop.Options(faults: faults))
            return (0..<25).map { _ in
                guard let response = try? shop.post("{ product(handle: \"wool-socks\") { title } }") else { return "dropped" }
                if response.status != 200 { return String(response.status) }
                return response.json?["errors"] == nil ? "ok" : "error"
            }
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(Set(first) == ["ok", "dropped", "503", "error"])
    }

    @Test("fault flags parse, and bad values are refused with a hint")
    func parsing() throws {
        let latency = try ShopFaults.parseLatency("200ms±50ms")
        #expect(latency.latency == .milliseconds(200) && latency.jitter == .milliseconds(50))
        #expect(try ShopFaults.parseLatency("1.5s").latency == .milliseconds(1500))
        #expect(try ShopFaults.parseLatency("250ms+-10ms").jitter == .milliseconds(10))
        #expect(try ShopFaults.parseRate("0.25", option: "fail-rate") == 0.25)
        #expect(try ShopFaults.parseRate("10%", option: "drop-rate") == 0.1)
        #expect(try ShopFaults.parseThrottle("10/s") == 10)
        #expect(try ShopFaults.parseThrottle("120/m") == 2)
        #expect(try ShopFaults.parseStatus("500") == 500)
        #expect(try ShopFaults.parseSeed("42") == 42)
        #expect(DurationText.parse("800us") == .microseconds(800))
        #expect(DurationText.format(.milliseconds(1500)) == "1.5s")
        #expect(throws: ShopOptionError.self) { try ShopFaults.parseLatency("fast") }
        #expect(throws: ShopOptionError.self) { try ShopFaults.parseLatency("5") }
        #expect(throws: ShopOptionError.self) { try ShopFaults.parseRate("1.5", option: "fail-rate") }
        #expect(throws: ShopOptionError.self) { try ShopFaults.parseThrottle("0/s") }
        #expect(throws: ShopOptionError.self) { try ShopFaults.parseThrottle("ten") }
        #expect(throws: ShopOptionError.self) { try ShopFaults.parseStatus("200") }
        #expect(throws: ShopOptionError.self) { try ShopFaults.parseSeed("-1") }
        #expect(throws: ShopOptionError.self) { try SampleShop(SampleShop.Options(faults: ShopFaults(failRate: 2))) }
        #expect(ShopFaults(latency: .milliseconds(200), jitter: .milliseconds(50), failRate: 0.1, seed: 7).summary == "latency 200ms±50ms, fail 10% (503)")
    }
}
