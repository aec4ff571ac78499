import BuyflowCore
import BuyflowReport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The faults of `buyflow serve`, classified and retried as workflow-format.md says.
@Suite("Faults and retries")
struct FaultTests {
    @Test("503 then success: the retry gets through (seed 7: request 0 fails, request 1 does not)")
    func retryAfter503() async throws {
        try await ServedShop.with(["--fail-rate", "0.5", "--seed", "7"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("shop-name.yaml"), "--url", shop.url.absoluteString, "--var", "attempts=3",
            ])
            #expect(result.exitCode == 0, "\(result.output.combined)")
            let step = try result.step("Shop")
            #expect(step.status == .passed)
            #expect(step.attempts.map(\.httpStatus) == [503, 200])
            #expect(step.attempts.map(\.errorKind) == [.http, nil])
            #expect(step.attempts.map(\.requestId) == ["req-0", "req-1"])
            #expect(step.attempts[0].repro != nil, "a failed attempt carries a repro")
            #expect(try result.run().summary.retries == 1)
            #expect(result.output.stdout.contains("1 retry"))
        }
    }

    @Test("workflows/retries.yaml passes against serve --fail-rate 0.3 --seed 7, retrying the 503s")
    func retriesExample() async throws {
        try await ServedShop.with(["--fail-rate", "0.3", "--seed", "7"]) { shop in
            let result = try await BuyflowRun.run(["workflows/retries.yaml", "--url", shop.url.absoluteString])
            #expect(result.exitCode == 0, "\(result.output.combined)")
            let run = try result.run()
            #expect(run.steps.allSatisfy { $0.status == .passed })
            let retried = run.steps.filter { $0.attempts.count > 1 }
            #expect(retried.map(\.name) == ["Socks"])
            let attempts = try #require(retried.first?.attempts)
            #expect(attempts.dropLast().allSatisfy { $0.httpStatus == 503 && $0.errorKind == .http })
            #expect(attempts.last?.httpStatus == 200)
            #expect(attempts.count == 5)
            // Linear backoff from 20 ms: each attempt starts later than the one before.
            for (earlier, later) in zip(attempts, attempts.dropFirst()) {
                #expect(later.startOffset - earlier.startOffset >= .milliseconds(15))
            }
        }
    }

    @Test("429 with Retry-After: the retry waits the second the shop asks for, not the 10 ms interval")
    func throttled() async throws {
        try await ServedShop.with(["--throttle", "1/s"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("throttle.yaml"), "--url", shop.url.absoluteString,
            ])
            #expect(result.exitCode == 0, "\(result.output.combined)")
            #expect(try result.step("First").attempts.map(\.httpStatus) == [200])
            let second = try result.step("Second")
            #expect(second.status == .passed)
            #expect(second.attempts.map(\.httpStatus) == [429, 200])
            #expect(second.attempts.first?.errorKind == .http)
            let waited = second.attempts[1].startOffset - second.attempts[0].startOffset
            #expect(waited >= .milliseconds(950), "Retry-After: 1 honoured: waited \(waited)")
            #expect(waited < .seconds(5))
        }
    }

    @Test("dropped connections are network errors, retried as asked")
    func dropped() async throws {
        try await ServedShop.with(["--drop-rate", "1"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("shop-name.yaml"), "--url", shop.url.absoluteString, "--var", "attempts=3",
            ])
            #expect(result.exitCode == 1)
            let step = try result.step("Shop")
            #expect(step.failure?.kind == .network)
            #expect(step.attempts.map(\.errorKind) == [.network, .network, .network])
            #expect(step.attempts.allSatisfy { $0.httpStatus == nil })
            #expect(step.failure?.message.hasSuffix("(after 3 attempts)") == true)
        }
    }

    @Test("latency longer than the step's timeout is a timeout, retried as asked")
    func slow() async throws {
        try await ServedShop.with(["--latency", "1s"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("shop-name.yaml"), "--url", shop.url.absoluteString, "--var", "timeout=100ms",
                "--var", "attempts=2",
            ])
            #expect(result.exitCode == 1)
            let step = try result.step("Shop")
            #expect(step.failure?.kind == .timeout)
            #expect(step.attempts.map(\.errorKind) == [.timeout, .timeout])
            #expect(step.failure?.message == "timed out after 100ms (after 2 attempts)")
        }
    }

    @Test("a mutation is sent once, twice with mutations: true, a query three times — counted by the shop")
    func mutationsAreNotRepeated() async throws {
        try await ServedShop.with(["--fail-rate", "1"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("mutation-once.yaml"), "--url", shop.url.absoluteString,
            ])
            #expect(result.exitCode == 1)
            let once = try result.step("Create cart")
            let twice = try result.step("Create cart, retried")
            let query = try result.step("Shop")
            #expect(once.attempts.count == 1)
            #expect(twice.attempts.count == 2)
            #expect(query.attempts.count == 3)
            for step in [once, twice, query] {
                #expect(step.failure?.kind == .http)
                #expect(step.attempts.allSatisfy { $0.httpStatus == 503 })
            }
            // The shop numbers every request it receives: req-0 … req-5, and the next is req-6.
            let ids = [once, twice, query].flatMap(\.attempts).compactMap(\.requestId)
            #expect(ids == (0..<6).map { "req-\($0)" })
            #expect(try await Self.nextRequestID(shop.url) == "req-6", "the shop received exactly 6 requests")
        }
    }

    /// The `X-Request-Id` the shop gives the next request (it numbers them in order).
    static func nextRequestID(_ url: URL) async throws -> String? {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"query":"{ shop { name } }"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Request-Id")
    }
}
