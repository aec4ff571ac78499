@testable import BuyflowCLI
import Foundation
import Testing

/// `buyflow report render` and `buyflow report compare` over the saved sample reports,
/// and `buyflow run --report junit=… tap=… html=…`.
@Suite struct ReportCommandTests {
    static let fixtures = "Tests/BuyflowReportTests/Fixtures/"
    static let runReport = TestPaths.path(fixtures + "run-report.json")
    static let runsReport = TestPaths.path(fixtures + "runs-report.json")
    static let loadReport = TestPaths.path(fixtures + "load-report.json")

    @Test(arguments: [
        ("junit", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"buyflow\" tests=\"4\""),
        ("tap", "TAP version 13\n1..4\n"),
        ("html", "<!DOCTYPE html>\n<html lang=\"en\">"),
        ("text", "Checkout (workflows/checkout.yaml) → http://127.0.0.1:53121/api/2026-04/graphql.json\n"),
    ])
    func rendersEachFormatToStdout(format: String, start: String) async {
        let result = await runBuyflow(["report", "render", Self.runReport, "--format", format])
        #expect(result.code == .success)
        #expect(result.err == "")
        #expect(result.out.hasPrefix(start))
    }

    /// The renderers' own golden files are what the command writes.
    @Test(arguments: [("junit", "runs-report.junit.xml"), ("tap", "runs-report.tap"), ("html", "runs-report.html")])
    func writesTheOutputFile(format: String, golden: String) async throws {
        let (folder, _) = try TestPaths.write([:], prefix: "report-render")
        let output = folder + "/nested/out." + format
        let result = await runBuyflow(["report", "render", Self.runsReport, "--format", format, "--output", output])
        #expect(result.code == .success)
        #expect(result.out == "")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == (try String(contentsOfFile: TestPaths.path(Self.fixtures + golden), encoding: .utf8)))
    }

    @Test func textIsTheDefaultFormat() async {
        let result = await runBuyflow(["report", "render", Self.runsReport])
        #expect(result.code == .success)
        #expect(result.out.hasSuffix("failed: 1 run of 2 passed · 6 steps · 7 requests\n"))
    }

    @Test func loadReportIsRefusedClearly() async {
        let result = await runBuyflow(["report", "render", Self.loadReport, "--format", "html"])
        #expect(result.code == .invalid)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("error: '\(Self.loadReport)' is a load report (buyflow.load/1); expected a run report"))
        #expect(result.err.contains("buyflow report merge"))
    }

    @Test func unreadableOrInvalidReports() async throws {
        let missing = await runBuyflow(["report", "render", "/nonexistent/run.json"])
        #expect(missing.code == .invalid)
        #expect(missing.err.hasPrefix("error: cannot read report '/nonexistent/run.json': no such file"))
        let (_, paths) = try TestPaths.write(["a.json": "{\"format\": \"buyflow.run/1\"", "b.json": "{\"format\": 3}"], prefix: "report-render")
        let broken = await runBuyflow(["report", "render", paths[0]])
        #expect(broken.code == .invalid)
        #expect(broken.err.hasPrefix("\(paths[0]):1:"))
        let unknown = await runBuyflow(["report", "render", paths[1]])
        #expect(unknown.code == .invalid)
        #expect(unknown.err.hasPrefix("error: '\(paths[1])' is not a buyflow run report: its format is a number"))
    }

    @Test(arguments: [
        (["report", "render", "r.json", "--format", "xml"], "error: unknown format 'xml'; use 'junit', 'tap', 'html' or 'text'"),
        (["report", "render"], "error: missing argument <report.json>"),
        (["report", "compare", "a.json"], "error: missing argument <after.json>"),
        (["report", "compare", "a.json", "b.json", "--threshold", "fast"], "error: invalid threshold 'fast': expected a percentage such as 20%"),
        (["report", "compare", "a.json", "b.json", "--min-delta", "5"], "error: invalid min delta '5': expected a duration such as 5ms or 0.5s"),
        (["report", "compare", "a.json", "b.json", "--format", "html"], "error: unknown format 'html'; use 'text' or 'json'"),
    ])
    func usageErrors(words: [String], firstLine: String) async {
        let result = await runBuyflow(words)
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix(firstLine))
    }

    // MARK: - compare

    /// The sample run with its "Read product" step 300 ms slower.
    static func slowerReport() throws -> String {
        let text = try String(contentsOfFile: runReport, encoding: .utf8)
        #expect(text.components(separatedBy: "\"durationMs\": 212.34").count == 2)
        let slower = text.replacingOccurrences(of: "\"durationMs\": 212.34", with: "\"durationMs\": 512.34")
        return try TestPaths.write(["slower.json": slower], prefix: "report-compare").paths[0]
    }

    @Test func sameReportHasNoRegressions() async {
        let result = await runBuyflow(["report", "compare", Self.runReport, Self.runReport, "--fail-on-regression"])
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("comparing \(Self.runReport) → \(Self.runReport) (slower: at least +20% and +5ms)\n"))
        #expect(result.out.hasSuffix("no regressions\n"))
    }

    @Test func slowerStepIsARegressionOnlyWhenAsked() async throws {
        let slower = try Self.slowerReport()
        let plain = await runBuyflow(["report", "compare", Self.runReport, slower])
        #expect(plain.code == .success)
        #expect(plain.out.contains("  ▲ Read product                 passed             212 ms → 512 ms"))
        #expect(plain.out.hasSuffix("1 regression: 1 step slower\n"))
        let strict = await runBuyflow(["report", "compare", Self.runReport, slower, "--fail-on-regression"])
        #expect(strict.code == .failure)
        // 300 ms on 212 ms is +141%: under a 200% threshold it does not count.
        let lenient = await runBuyflow([
            "report", "compare", Self.runReport, slower, "--threshold", "200%", "--fail-on-regression",
        ])
        #expect(lenient.code == .success)
        let absolute = await runBuyflow([
            "report", "compare", Self.runReport, slower, "--min-delta", "0.5s", "--fail-on-regression",
        ])
        #expect(absolute.code == .success)
    }

    @Test func jsonOutput() async throws {
        let slower = try Self.slowerReport()
        let result = await runBuyflow(["report", "compare", Self.runReport, slower, "--format", "json", "--threshold", "10"])
        #expect(result.code == .success)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "buyflow.compare/1")
        #expect((json["thresholds"] as? [String: Any])?["relativePercent"] as? Double == 10)
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.map { $0["id"] as? String } == ["create-cart", "product", "apply-discount", "complete"])
        #expect(steps[1]["timing"] as? String == "slower")
        #expect(steps[1]["deltaMs"] as? Double == 300)
        #expect(json["regression"] as? Bool == true)
    }

    @Test func comparesSeveralRunsWithOne() async {
        let result = await runBuyflow(["report", "compare", Self.runReport, Self.runsReport])
        #expect(result.code == .success)
        #expect(result.out.contains("Browse [eu]: added (passed)\n"))
    }

    // MARK: - run --report

    @Test func runWritesJUnitTAPAndHTMLReports() async throws {
        let (folder, _) = try TestPaths.write([:], prefix: "run-reports")
        let result = await runBuyflow([
            "run", TestPaths.path("workflows/checkout.yaml"), "--quiet",
            "--report", "junit=\(folder)/junit.xml", "--report", "tap=\(folder)/run.tap", "--report", "html=\(folder)/run.html",
        ])
        #expect(result.code == .success, "\(result.err)")
        let junit = try String(contentsOfFile: folder + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"Checkout\" tests=\"5\" failures=\"0\" errors=\"0\" skipped=\"0\""))
        #expect(junit.contains("classname=\"") && junit.contains(".workflows.checkout\" name=\"Create cart\""))
        let tap = try String(contentsOfFile: folder + "/run.tap", encoding: .utf8)
        #expect(tap.hasPrefix("TAP version 13\n1..5\n"))
        #expect(tap.contains("ok 2 - Checkout › Create cart\n"))
        let html = try String(contentsOfFile: folder + "/run.html", encoding: .utf8)
        #expect(html.contains("<svg class=\"waterfall\""))
        #expect(html.contains("Wait for order"))
    }
}
