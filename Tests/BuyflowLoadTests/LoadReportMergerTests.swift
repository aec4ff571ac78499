import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowWorkflow
import Foundation
import Testing

@Suite struct LoadReportMergerTests {
    /// A shard's report, written and read back as JSON, over `samples` (ns) of step `a`
    /// (odd-indexed ones of step `b`), every 50th an `http503`, every 40th throttled.
    static func shard(_ samples: ArraySlice<Int64>, thresholds: [String], seconds: Int = 10) throws -> LoadReport {
        var metrics = LoadMetrics()
        for (offset, sample) in samples.enumerated() {
            let index = samples.startIndex + offset
            let step = index % 2 == 0 ? "a" : "b"
            var scope = metrics.steps[step] ?? ScopeMetrics()
            var operation = metrics.operations["Op\(step.uppercased())"] ?? ScopeMetrics()
            metrics.all.latency.record(nanoseconds: sample)
            scope.latency.record(nanoseconds: sample)
            operation.latency.record(nanoseconds: sample)
            var second = metrics[second: index % seconds]
            second.requests += 1
            if index % 50 == 0 {
                metrics.all.errors["http503", default: 0] += 1
                scope.errors["http503", default: 0] += 1
                operation.errors["http503", default: 0] += 1
                second.errors += 1
            } else if index % 40 == 0 {
                metrics.all.throttled += 1
                scope.throttled += 1
                operation.throttled += 1
                second.throttled += 1
            }
            metrics[second: index % seconds] = second
            metrics.steps[step] = scope
            metrics.operations["Op\(step.uppercased())"] = operation
        }
        metrics.iterationsCompleted = samples.count / 2
        let parsed = try thresholds.map { try ThresholdParser.parse($0).get() }
        let report = LoadReportBuilder.report(
            workflow: WorkflowInfo(name: "Shop", file: "shop.yaml"), target: nil, profile: LoadProfile(vus: 10, duration: .seconds(seconds)),
            thresholds: parsed, metrics: metrics, elapsed: .seconds(seconds), startedAt: nil
        )
        return try LoadReport(bytes: report.prettyJSON())
    }

    @Test(arguments: Distribution.allCases)
    func mergedPercentilesAreThoseOfOneRunOverEverySample(_ distribution: Distribution) throws {
        let samples = distribution.samples()
        let thresholds = ["p95(all) < 10s", "error_rate(step:a) < 5%"]
        let whole = try Self.shard(samples[...], thresholds: thresholds)
        let parts = try [0..<7_000, 7_000..<12_000, 12_000..<20_000].map { try Self.shard(samples[$0], thresholds: thresholds) }
        // As written: both sides rounded to 0.01 ms the same way.
        let merged = try LoadReport(bytes: LoadReportMerger.merge(parts.enumerated().map { ("shard-\($0.offset).json", $0.element) }).prettyJSON())
        #expect(merged.latency == whole.latency)
        #expect(merged.operations == whole.operations)
        #expect(merged.errors == whole.errors)
        #expect(merged.throttled == whole.throttled)
        #expect(merged.requests == whole.requests)
        #expect(merged.iterations.completed == 10_000)
        #expect(merged.timeline == whole.timeline)
        #expect(merged.thresholds == whole.thresholds)
        #expect(merged.profile.vus == 30)
        // And within 1% of the exact percentiles of all samples.
        let sorted = samples.sorted()
        for (percent, value) in [(50.0, merged.latency.all.p50), (95, merged.latency.all.p95), (99, merged.latency.all.p99)] {
            let exact = Double(exactPercentile(sorted, percent)) / 1e6
            let milliseconds = Double(nanoseconds(value)) / 1e6
            #expect(abs(milliseconds - exact) / exact <= 0.01 + 0.01 / exact, "p\(percent): \(milliseconds) vs \(exact)")
        }
    }

    @Test func thresholdsAreEvaluatedAgainOnTheWholeLoad() throws {
        let samples = Distribution.uniform.samples()
        let thresholds = ["count(all) < 15000", "rps(all) >= 1500"]
        let first = try Self.shard(samples[0..<10_000], thresholds: thresholds)
        let second = try Self.shard(samples[10_000..<20_000], thresholds: thresholds)
        #expect(first.status == .failed)  // rps 1000
        let merged = try LoadReportMerger.merge([("1.json", first), ("2.json", second)])
        #expect(merged.thresholds.map(\.passed) == [false, true])
        #expect(merged.thresholds.map(\.actual) == [20_000, 2_000])
        #expect(merged.status == .failed)
    }

    static func tampered(_ change: (inout JSONObject) -> Void) throws -> LoadReport {
        let report = try Self.shard(Distribution.exponential.samples()[0..<1_000], thresholds: [])
        guard case .object(var object) = report.jsonValue else { throw CancellationError() }
        change(&object)
        return try LoadReport(json: .object(object))
    }

    @Test(arguments: [
        ("requests.count", "requests.count is 1001 but should be 1000"),
        ("latency.all.count", "latency.all.count is 999 but should be 1000"),
        ("errors", "the sum of 'errors' is 25 but should be 20"),
        ("throttled", "throttled.count is 0 but should be"),
        ("step", "the sum of the steps' requests"),
        ("timeline", "the timeline's requests"),
    ])
    func aShardWhoseCountersDoNotAddUpIsRefused(_ field: String, _ message: String) throws {
        let good = try Self.shard(Distribution.exponential.samples()[0..<1_000], thresholds: [])
        let bad = try Self.tampered { object in
            switch field {
            case "requests.count": object["requests"] = Self.set(object["requests"]!, "count", 1001)
            case "latency.all.count":
                var all = object["latency"]!["all"]!
                all = Self.set(all, "count", 999)
                object["latency"] = Self.set(object["latency"]!, "all", all)
            case "errors": object["errors"] = ["http503": 25]
            case "throttled": object["throttled"] = ["count": 0, "rate": 0]
            case "step":
                var histograms = object["histograms"]!
                var steps = histograms["steps"]!
                steps = Self.set(steps, "b", nil)
                histograms = Self.set(histograms, "steps", steps)
                object["histograms"] = histograms
                object["latency"] = Self.set(object["latency"]!, "steps", Self.set(object["latency"]!["steps"]!, "b", nil))
            default: object["timeline"] = [["second": 0, "requests": 5, "errors": 0, "throttled": 0]]
            }
        }
        #expect(throws: Never.self) { try LoadReportMerger.merge([("good.json", good)]) }
        let error = #expect(throws: Diagnostic.self) { try LoadReportMerger.merge([("good.json", good), ("bad.json", bad)]) }
        #expect(error?.message.contains("bad.json") == true, "\(String(describing: error?.message))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
    }

    @Test func histogramBucketsThatDoNotAddUpAreRefused() throws {
        let report = try Self.shard(Distribution.constant.samples()[0..<100], thresholds: [])
        var changed = report
        changed.histograms = Self.set(report.histograms, "all", Self.set(report.histograms["all"]!, "count", 101))
        #expect(throws: Diagnostic.self) { try LoadReportMerger.merge([("x.json", changed)]) }
    }

    @Test func anotherWorkflowsReportIsRefused() throws {
        let first = try Self.shard(Distribution.constant.samples()[0..<100], thresholds: [])
        var other = first
        other.workflow.name = "Other"
        let error = #expect(throws: Diagnostic.self) { try LoadReportMerger.merge([("1.json", first), ("2.json", other)]) }
        #expect(error?.message.contains("workflow 'Other'") == true)
    }

    static func set(_ value: JSONValue, _ key: String, _ member: JSONValue?) -> JSONValue {
        guard case .object(var object) = value else { return value }
        object[key] = member
        return .object(object)
    }
}
