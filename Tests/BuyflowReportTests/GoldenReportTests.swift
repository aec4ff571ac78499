import BuyflowCore
import BuyflowReport
import Testing

/// The JSON form of each report, held against golden files, and the contract's keys.
@Suite struct GoldenReportTests {
    static func text(_ report: some JSONConvertible) -> String {
        String(decoding: report.prettyJSON(), as: UTF8.self)
    }

    @Test func runReport() throws {
        try Fixtures.golden.expect(Self.text(Samples.run), at: "run-report.json")
    }

    @Test func runsReport() throws {
        try Fixtures.golden.expect(Self.text(Samples.runs), at: "runs-report.json")
    }

    @Test func loadReport() throws {
        try Fixtures.golden.expect(Self.text(Samples.load), at: "load-report.json")
    }

    /// The keys of the contract's example (cli-and-reports.md), in its order.
    static let contractRunKeys = [
        "format", "tool", "workflow", "target", "status", "startedAt", "durationMs", "steps", "summary",
    ]
    static let contractStepKeys = [
        "id", "name", "status", "operation", "durationMs", "attempts", "assertions", "captures", "failure",
    ]
    static let contractAttemptKeys = ["number", "durationMs", "httpStatus", "errorKind", "errors", "servedApiVersion", "requestId"]
    static let contractSummaryKeys = ["steps", "passed", "failed", "skipped", "requests", "retries"]
    static let contractLoadKeys = [
        "format", "workflow", "profile", "status", "durationMs", "iterations", "requests", "latency", "errors",
        "throttled", "operations", "thresholds", "histograms",
    ]

    /// Every key of `expected` is present, and they come in the contract's order.
    static func expectKeys(_ expected: [String], in value: JSONValue?, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let keys = value?.objectValue?.keys else {
            Issue.record("not an object: \(String(describing: value))", sourceLocation: sourceLocation)
            return
        }
        for key in expected {
            #expect(keys.contains(key), "missing '\(key)'", sourceLocation: sourceLocation)
        }
        #expect(keys.filter(expected.contains) == expected, "keys out of the contract's order: \(keys)", sourceLocation: sourceLocation)
    }

    @Test func goldenRunReportHasEveryContractKeyInOrder() throws {
        let json = try JSONParser().parse(bytes: try Fixtures.bytes("run-report.json"))
        Self.expectKeys(Self.contractRunKeys, in: json)
        #expect(json["format"] == "buyflow.run/1")
        Self.expectKeys(["name", "version"], in: json["tool"])
        Self.expectKeys(["name", "file"], in: json["workflow"])
        Self.expectKeys(["url", "apiVersion"], in: json["target"])
        Self.expectKeys(Self.contractSummaryKeys, in: json["summary"])
        for step in json["steps"]?.arrayValue ?? [] {
            Self.expectKeys(Self.contractStepKeys, in: step)
            Self.expectKeys(["type", "name"], in: step["operation"])
            for attempt in step["attempts"]?.arrayValue ?? [] {
                Self.expectKeys(Self.contractAttemptKeys, in: attempt)
            }
            for assertion in step["assertions"]?.arrayValue ?? [] {
                Self.expectKeys(["expression", "passed", "location"], in: assertion)
            }
        }
        let steps = try #require(json["steps"]?.arrayValue)
        // The contract writes nulls, not missing members.
        #expect(steps[0]["failure"] == .null)
        #expect(steps[0]["attempts"]?[0]?["errorKind"] == .null)
        // A failed attempt carries a repro with the token as a variable; a failed step the
        // failed assertion's expected and actual, and the list of failed assertions.
        #expect(steps[1]["attempts"]?[0]?["repro"]?.stringValue?.contains("$STOREFRONT_TOKEN") == true)
        Self.expectKeys(["kind", "message", "expected", "actual", "assertions"], in: steps[2]["failure"])
        #expect(steps[2]["failure"]?["assertions"]?.arrayValue?.count == 1)
        #expect(json["startedAt"] == "2026-11-29T12:00:00.000Z")
        #expect(json["durationMs"] == 41.7)
    }

    @Test func goldenLoadReportHasEveryContractKeyInOrder() throws {
        let json = try JSONParser().parse(bytes: try Fixtures.bytes("load-report.json"))
        Self.expectKeys(Self.contractLoadKeys, in: json)
        Self.expectKeys(["vus", "durationMs"], in: json["profile"])
        Self.expectKeys(["completed", "failed"], in: json["iterations"])
        Self.expectKeys(["count", "rps", "errorRate"], in: json["requests"])
        Self.expectKeys(["all", "steps"], in: json["latency"])
        let stats = ["count", "min", "avg", "p50", "p90", "p95", "p99", "max"]
        Self.expectKeys(stats, in: json["latency"]?["all"])
        Self.expectKeys(stats, in: json["latency"]?["steps"]?["create-cart"])
        #expect(json["latency"]?["steps"]?.objectValue?.keys == ["create-cart", "add-lines"])
        Self.expectKeys(["count", "rate"], in: json["throttled"])
        Self.expectKeys(["count", "p95", "errorRate"], in: json["operations"]?["CreateCart"])
        Self.expectKeys(["expression", "actual", "passed"], in: json["thresholds"]?[0])
        #expect(json["requests"]?["errorRate"] == 0.0002)
    }

    @Test func runsReportSummaryAddsUpTheRuns() throws {
        let json = try JSONParser().parse(bytes: try Fixtures.bytes("runs-report.json"))
        Self.expectKeys(["format", "runs", "summary"], in: json)
        #expect(json["format"] == "buyflow.runs/1")
        #expect(json["runs"]?[0]?["format"] == "buyflow.run/1")
        Self.expectKeys(["runs", "runsPassed", "runsFailed"] + Self.contractSummaryKeys, in: json["summary"])
    }
}
