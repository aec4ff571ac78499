import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowWorkflow
import Testing

/// Checks of a load: counted per step and expression, a few distinct samples each, added up
/// across shards, and the verdict they give when no threshold decides.
@Suite struct LoadCheckTests {
    static let location = SourceLocation(file: "load.yaml", line: 12, column: 9)

    /// A finished step with one assertion whose actual value is `actual` (passing when 2).
    static func step(actual: Int, failure: Failure? = nil, request: String = "req-1") -> StepReport {
        let assertion = AssertionReport(
            expression: "data.cart.totalQuantity == 2", passed: actual == 2, location: location, expected: .int(2), actual: .int(actual))
        let failed = failure ?? Failure(failedAssertionsOf: [assertion])
        return StepReport(
            id: "cart", name: "Cart", status: failed == nil ? .passed : .failed, operation: nil, duration: .milliseconds(1),
            attempts: [AttemptReport(number: 1, startOffset: .zero, duration: .milliseconds(1), httpStatus: 200, requestId: request)],
            assertions: failure == nil ? [assertion] : [], failure: failed)
    }

    @Test("a failing assertion keeps at most three distinct samples, however often it fails", arguments: [1, 3, 50])
    func samplesAreFewAndDistinct(_ distinct: Int) {
        let recorder = MetricsRecorder(clock: VirtualLoadClock())
        for index in 0..<200 { recorder.recordChecks(of: Self.step(actual: 10 + index % distinct, request: "req-\(index)"), vu: 1, iteration: index) }
        for _ in 0..<30 { recorder.recordChecks(of: Self.step(actual: 2)) }
        let check = recorder.snapshot().checks.first
        #expect(check?.name == "Cart: data.cart.totalQuantity == 2")
        #expect(check?.fails == 200)
        #expect(check?.passes == 30)
        #expect(check?.samples.map(\.actual) == (0..<min(3, distinct)).map { .int(10 + $0) })
        #expect(check?.samples.first?.requestId == "req-0")
        #expect(check?.samples.first?.location == Self.location)
    }

    @Test("a step's own failure is a check too: it held on the step's other runs")
    func aStepsOwnConditionCounts() {
        let recorder = MetricsRecorder(clock: VirtualLoadClock())
        for _ in 0..<5 { recorder.recordChecks(of: Self.step(actual: 2)) }
        for _ in 0..<2 { recorder.recordChecks(of: Self.step(actual: 2, failure: Failure(kind: .http, message: "HTTP 503"))) }
        let checks = recorder.snapshot().checks
        #expect(checks.map(\.name) == ["Cart: data.cart.totalQuantity == 2", "Cart: request succeeds"])
        #expect(checks.map(\.passes) == [5, 5])
        #expect(checks.map(\.fails) == [0, 2])
        #expect(checks.last?.samples.map(\.message) == ["HTTP 503"])
    }

    @Test(
        "without thresholds a failed iteration fails the load; with thresholds they decide",
        arguments: [
            ([String](), 0, RunStatus.passed), ([], 1, .failed), (["error_rate(all) <= 100%"], 5, .passed),
            (["count(all) < 1"], 0, .failed),
        ])
    func verdict(_ thresholds: [String], failedIterations: Int, status: RunStatus) throws {
        var metrics = LoadMetrics()
        for _ in 0..<5 { metrics.all.latency.record(nanoseconds: 1_000_000) }
        metrics.iterationsCompleted = 5
        metrics.iterationsFailed = failedIterations
        if failedIterations > 0 {
            metrics.all.errors["assertion"] = failedIterations
            metrics.add(LoadCheck(step: "cart", stepName: "Cart", expression: "x == 1", passes: 5 - failedIterations, fails: failedIterations))
        }
        let report = LoadReportBuilder.report(
            workflow: WorkflowInfo(name: "Load", file: "load.yaml"), target: nil, profile: LoadProfile(vus: 1, duration: nil, iterations: 5),
            thresholds: try thresholds.map { try ThresholdParser.parse($0).get() }, metrics: metrics, elapsed: .seconds(1), startedAt: nil)
        #expect(report.status == status)
        if thresholds.isEmpty, status == .failed {
            #expect(LoadVerdict.line(report)?.hasPrefix("failed: \(failedIterations) of 5 iterations failed a check (no threshold relaxes this") == true)
        }
    }

    @Test("merged shards add their checks up and keep at most three samples")
    func mergedChecksAddUp() {
        func shard(_ values: [Int]) -> LoadCheck {
            var check = LoadCheck(step: "cart", stepName: "Cart", expression: "x == 1", passes: 10, fails: values.count)
            for value in values { check.keep(LoadCheckSample(expected: .int(1), actual: .int(value))) }
            return check
        }
        var metrics = LoadMetrics()
        var other = LoadMetrics()
        metrics.add(shard([2, 3]))
        other.add(shard([3, 4, 5]))
        other.add(LoadCheck(step: "shop", stepName: "Shop", expression: "y", passes: 4))
        metrics.merge(other)
        #expect(metrics.checks.map(\.name) == ["Cart: x == 1", "Shop: y"])
        #expect(metrics.checks.first?.passes == 20)
        #expect(metrics.checks.first?.fails == 5)
        #expect(metrics.checks.first?.samples.map(\.actual) == [.int(2), .int(3), .int(4)])
    }
}
