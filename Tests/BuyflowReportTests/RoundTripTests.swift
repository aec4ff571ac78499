import BuyflowCore
import BuyflowReport
import Foundation
import Testing

/// Reading back what was written gives the same value and the same bytes; other formats
/// and malformed members are refused with a message naming them.
@Suite struct RoundTripTests {
    @Test func runReportReadsBackEqual() throws {
        let report = Samples.run
        let bytes = report.prettyJSON()
        let read = try RunReport(bytes: bytes)
        #expect(read == report)
        #expect(read.prettyJSON() == bytes)
        // Capture order survives our parser.
        #expect(read.steps[0].captures.keys == ["cartId", "checkoutUrl"])
    }

    @Test func nestedJSONInErrorsCapturesAndValuesReadsBackEqual() throws {
        let report = RedactionTests.leaky
        #expect(!report.steps[2].attempts[0].errors.isEmpty)
        #expect(try RunReport(bytes: report.prettyJSON()) == report)
    }

    /// A response with a million `errors` is not copied whole into the report: the first
    /// 20 are kept and the rest counted, also after reading the report back (issue 27).
    @Test func manyErrorsAreCountedNotKept() throws {
        let errors = (0..<100_000).map { JSONValue.object(JSONObject([("message", .string("error \($0)"))])) }
        let attempt = AttemptReport(number: 1, startOffset: .zero, duration: .milliseconds(1), httpStatus: 200, errors: errors)
        #expect(attempt.errors.count == AttemptReport.maxErrors)
        #expect(attempt.errorsOmitted == 100_000 - AttemptReport.maxErrors)
        let read = try AttemptReport(json: attempt.jsonValue, at: "attempt")
        #expect(read == attempt)
        #expect(AttemptReport(number: 1, startOffset: .zero, duration: .zero, httpStatus: 200, errors: [errors[0]]).jsonValue.objectValue?["errorsOmitted"] == nil)
    }

    @Test func runsAndLoadReportsReadBackEqual() throws {
        let runs = Samples.runs
        #expect(try RunsReport(bytes: runs.prettyJSON()) == runs)
        let load = Samples.load
        let read = try LoadReport(bytes: load.prettyJSON())
        #expect(read == load)
        #expect(read.prettyJSON() == load.prettyJSON())
    }

    @Test func goldenFilesReadBackToTheSamples() throws {
        #expect(try RunReport(bytes: try Fixtures.bytes("run-report.json")) == Samples.run)
        #expect(try RunsReport(bytes: try Fixtures.bytes("runs-report.json")) == Samples.runs)
        #expect(try LoadReport(bytes: try Fixtures.bytes("load-report.json")) == Samples.load)
    }

    @Test func codableGoesThroughTheSameJSONForm() throws {
        let report = Samples.run
        let data = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(RunReport.self, from: data)
        #expect(decoded == report)
        let load = try JSONDecoder().decode(LoadReport.self, from: try JSONEncoder().encode(Samples.load))
        #expect(load.latency.all == Samples.load.latency.all)
        #expect(load.iterations == Samples.load.iterations)
    }

    @Test func codableRefusesAnotherFormat() throws {
        let data = try JSONEncoder().encode(Samples.load)
        #expect(throws: Diagnostic.self) { try JSONDecoder().decode(RunReport.self, from: data) }
    }

    @Test(arguments: [
        (ReportFormat.load, "not a buyflow run report: its format is 'buyflow.load/1' (a load report); expected 'buyflow.run/1'"),
        (ReportFormat.runs, "not a buyflow run report: its format is 'buyflow.runs/1' (a report of several runs); expected 'buyflow.run/1'"),
    ])
    func runReportRefusesAnotherFormat(format: ReportFormat, message: String) throws {
        var json = try #require(Samples.run.jsonValue.objectValue)
        json["format"] = .string(format.rawValue)
        let error = #expect(throws: Diagnostic.self) { try RunReport(json: .object(json)) }
        #expect(error?.message == message)
        #expect(error?.code == "report.format")
    }

    @Test func unknownAndMissingFormatsAreNamed() throws {
        var json = try #require(Samples.load.jsonValue.objectValue)
        json["format"] = "buyflow.load/2"
        let unknown = #expect(throws: Diagnostic.self) { try LoadReport(json: .object(json)) }
        #expect(unknown?.message == "not a buyflow load report: its format is 'buyflow.load/2'; expected 'buyflow.load/1'")
        json["format"] = nil
        let missing = #expect(throws: Diagnostic.self) { try LoadReport(json: .object(json)) }
        #expect(missing?.message == "not a buyflow load report: it has no 'format' member; expected 'buyflow.load/1'")
        let run = #expect(throws: Diagnostic.self) { try RunsReport(json: Samples.run.jsonValue) }
        #expect(run?.message.hasPrefix("not a buyflow report of several runs: its format is 'buyflow.run/1' (a run report)") == true)
    }

    @Test func formatIsDetected() {
        #expect(ReportFormat(of: Samples.run.jsonValue) == .run)
        #expect(ReportFormat(of: Samples.runs.jsonValue) == .runs)
        #expect(ReportFormat(of: Samples.load.jsonValue) == .load)
        #expect(ReportFormat(of: ["format": "other"]) == nil)
    }

    @Test(arguments: [(String, JSONValue?, String)]([
        ("steps", .string("many"), "invalid report: $.steps: expected an array, found the string 'many'"),
        ("status", "ok", "invalid report: $.status: expected one of passed, failed, skipped, error, found the string 'ok'"),
        ("startedAt", "yesterday", "invalid report: $.startedAt: expected an ISO 8601 timestamp, found 'yesterday'"),
        ("summary", nil, "invalid report: $: missing member 'summary'"),
        ("summary", .some(.null), "invalid report: $.summary: expected an object, found null"),
        ("durationMs", true, "invalid report: $.durationMs: expected a number, found a boolean"),
    ]))
    func malformedMembersAreNamed(key: String, value: JSONValue?, message: String) throws {
        var json = try #require(Samples.run.jsonValue.objectValue)
        json[key] = value
        let error = #expect(throws: Diagnostic.self) { try RunReport(json: .object(json)) }
        #expect(error?.message == message)
    }

    @Test func nestedErrorsNameThePath() throws {
        var json = Samples.run.jsonValue
        guard case .object(var root) = json, case .array(var steps)? = root["steps"],
            case .object(var step) = steps[1], case .array(var attempts)? = step["attempts"],
            case .object(var attempt) = attempts[0]
        else { Issue.record("unexpected shape"); return }
        attempt["httpStatus"] = "503"
        attempts[0] = .object(attempt)
        step["attempts"] = .array(attempts)
        steps[1] = .object(step)
        root["steps"] = .array(steps)
        json = .object(root)
        let error = #expect(throws: Diagnostic.self) { try RunReport(json: json) }
        #expect(error?.message == "invalid report: $.steps[1].attempts[0].httpStatus: expected an integer, found the string '503'")
    }

    @Test(arguments: [
        (41_700_000, 41.7), (3_004_999, 3.0), (3_005_000, 3.01), (123, 0.0), (30_012_000_000, 30012.0), (5_000, 0.01),
    ])
    func durationsAreMillisecondsToTheHundredth(nanoseconds: Int64, milliseconds: Double) {
        let attempt = AttemptReport(number: 1, startOffset: .zero, duration: .nanoseconds(nanoseconds), httpStatus: 200)
        #expect(attempt.jsonValue["durationMs"] == .double(milliseconds))
    }

    @Test func absentOptionalMembersReadAsDefaults() throws {
        // A minimal report with only the contract's keys (no warnings, location, …).
        let text = """
            {"format": "buyflow.run/1", "tool": {"name": "buyflow", "version": "2026.4.0"},
             "workflow": {"name": "w", "file": "w.yaml"}, "target": {"url": "http://x", "apiVersion": "2026-04"},
             "status": "passed", "startedAt": "2026-11-29T12:00:00.000Z", "durationMs": 41.7,
             "steps": [{"id": "a", "name": "A", "status": "passed", "operation": {"type": "query", "name": null},
               "durationMs": 3.1, "attempts": [{"number": 1, "durationMs": 3.0, "httpStatus": 200, "errorKind": null, "errors": []}],
               "assertions": [], "captures": {}, "failure": null}],
             "summary": {"steps": 1, "passed": 1, "failed": 0, "skipped": 0, "requests": 1, "retries": 0}}
            """
        let report = try RunReport(bytes: Array(text.utf8))
        #expect(report.steps[0].warnings.isEmpty)
        #expect(report.steps[0].location == nil)
        #expect(report.steps[0].operation == OperationInfo(type: .query, name: nil))
        #expect(report.steps[0].attempts[0].servedApiVersion == nil)
        #expect(report.summary.errored == 0)
        #expect(report.warnings.isEmpty)
    }

    @Test func explicitNullExpectedValueIsKeptApartFromAbsent() throws {
        let assertion = AssertionReport(expression: "data.cart == null", passed: false, location: nil, expected: .null, actual: ["id": "x"])
        let json = assertion.jsonValue
        #expect(json.objectValue?.keys == ["expression", "passed", "location", "expected", "actual"])
        #expect(try AssertionReport(json: json) == assertion)
        let bare = AssertionReport(expression: "true", passed: true, location: nil)
        #expect(try AssertionReport(json: bare.jsonValue).expected == nil)
    }
}
