import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowWorkflow
import Testing

@Suite struct ThresholdEvaluatorTests {
    /// `all`: 100 requests at 1…100 ms, 5 errors, 10 throttled; step `create-cart` and
    /// operation `CreateCart`: 10 of them at 91…100 ms with 2 errors and 3 throttled.
    static var metrics: LoadMetrics {
        var metrics = LoadMetrics()
        var step = ScopeMetrics()
        for millisecond in 1...100 {
            metrics.all.latency.record(.milliseconds(millisecond))
            if millisecond > 90 { step.latency.record(.milliseconds(millisecond)) }
        }
        metrics.all.errors = ["http503": 3, "assertion": 2]
        metrics.all.throttled = 10
        step.errors = ["http503": 2]
        step.throttled = 3
        metrics.steps["create-cart"] = step
        metrics.operations["CreateCart"] = step
        return metrics
    }

    static func threshold(_ text: String) throws -> Threshold {
        try ThresholdParser.parse(text).get()
    }

    @Test(arguments: [
        ("p50(all) < 51ms", 50.0, true), ("p95(all) <= 96ms", 95, true), ("p99(all) > 99.5ms", 99, false),
        ("p99.9(all) >= 0.1s", 100, true), ("avg(all) < 50ms", 50.5, false), ("min(all) >= 1ms", 1, true),
        ("max(all) < 100ms", 100, false), ("error_rate(all) < 5%", 0.05, false), ("error_rate(all) <= 0.05", 0.05, true),
        ("throttle_rate(all) < 11%", 0.1, true), ("rps(all) > 9", 10, true), ("count(all) >= 100", 100, true),
        ("p95(step:create-cart) < 100ms", 100, false), ("min(step:create-cart) > 90ms", 91, true),
        ("error_rate(step:create-cart) < 25%", 0.2, true), ("throttle_rate(op:CreateCart) <= 30%", 0.3, true),
        ("count(op:CreateCart) < 10", 10, false), ("rps(op:CreateCart) >= 1", 1, true), ("avg(op:CreateCart) > 95ms", 95.5, true),
    ])
    func everyStatisticAndScope(_ text: String, _ actual: Double, _ passed: Bool) throws {
        let result = ThresholdEvaluator.evaluate(try Self.threshold(text), on: Self.metrics, elapsed: .seconds(10))
        #expect(result.expression == text)
        let measured = try #require(result.actual)
        #expect(abs(measured - actual) <= max(0.01 * actual, 1e-9), "\(text): \(measured)")
        #expect(result.passed == passed)
    }

    @Test func aScopeWithNoRequestsFailsLatencyAndRateThresholdsButCountsZero() throws {
        let metrics = Self.metrics
        let p95 = ThresholdEvaluator.evaluate(try Self.threshold("p95(step:other) < 1s"), on: metrics, elapsed: .seconds(1))
        #expect(p95.actual == nil)
        #expect(!p95.passed)
        let count = ThresholdEvaluator.evaluate(try Self.threshold("count(op:Other) < 1"), on: metrics, elapsed: .seconds(1))
        #expect(count.actual == 0)
        #expect(count.passed)
    }

    @Test func abortOnFailStopsOnlyOnBreachesThatCannotRecover() throws {
        let metrics = Self.metrics
        let max = try Self.threshold("max(all) < 50ms")
        let p95 = try Self.threshold("p95(all) < 50ms")
        #expect(ThresholdEvaluator.breach([p95], on: metrics, elapsed: .seconds(1)) == nil)
        #expect(ThresholdEvaluator.breach([p95], on: metrics, elapsed: .seconds(6))?.expression == "p95(all) < 50ms")
        #expect(ThresholdEvaluator.breach([p95, max], on: metrics, elapsed: .seconds(1))?.expression == "max(all) < 50ms")
    }

    @Test(arguments: [
        ("p95(al) < 1ms", "unknown threshold scope 'al'"),
        ("p96x(all) < 1ms", "unknown threshold statistic 'p96x'"),
        ("error_rate(all) < 3ms", "a rate threshold takes % or a fraction"),
        ("p95(all) = 1ms", "unknown comparison '='"),
        ("count(all) < 5%", "'count' takes a bare number"),
    ])
    func badExpressionsAreRefusedWithAnOffset(_ text: String, _ message: String) {
        guard case .failure(let failure) = ThresholdParser.parse(text) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(failure.message.hasPrefix(message), "\(failure.message)")
        #expect(failure.offset >= 0 && failure.offset <= text.utf8.count)
    }
}
