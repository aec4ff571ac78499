import BuyflowCore
import BuyflowReport
import Foundation
import Testing

/// `buyflow load` tells the truth: a load whose iterations fail a check fails unless a
/// threshold tolerates it, and every report shows each check's pass rate with samples of
/// its failures — the real binary against the embedded sample shop.
@Suite("Load verdicts")
struct LoadVerdictTests {
    static let workflow = E2EPaths.workflow("load-failing-check.yaml")
    static let failing = #"Title: data.product.title == "Trail Runner""#

    /// A load of the fixture with every report written; the reports' texts.
    struct Load {
        var output: Subprocess.Output
        var report: LoadReport
        var json: String
        var html: String
        var junit: String
    }

    static func load(_ flags: [String]) async throws -> Load {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        let output = try await Subprocess.buyflow(
            ["load", workflow, "--no-color"] + flags
                + ["--report", "json=\(path("load.json"))", "--report", "html=\(path("load.html"))", "--report", "junit=\(path("load.xml"))"])
        let json = try String(contentsOfFile: path("load.json"), encoding: .utf8)
        return Load(
            output: output, report: try LoadReport(bytes: Array(json.utf8)), json: json,
            html: try String(contentsOfFile: path("load.html"), encoding: .utf8),
            junit: try String(contentsOfFile: path("load.xml"), encoding: .utf8))
    }

    @Test("without a threshold, an assertion that always fails fails the load, with samples in every report")
    func aFailingCheckFailsTheLoad() async throws {
        let load = try await Self.load(["--vus", "2", "--iterations", "20"])
        let stdout = load.output.stdout
        #expect(load.output.exitCode == 1, "\(load.output.combined)")
        #expect(stdout.contains("Failing check load — failed"), "\(stdout)")
        #expect(stdout.contains("failed: 20 of 20 iterations failed a check (no threshold relaxes this; add e.g. --threshold 'error_rate(all) < 1%')"), "\(stdout)")
        let checkLine = try #require(stdout.split(separator: "\n").first { $0.contains("✘ " + Self.failing) }, "\(stdout)")
        #expect(checkLine.contains("0.00%") && checkLine.contains("✓ 0") && checkLine.contains("✗ 20"), "\(checkLine)")
        let passing = try #require(stdout.split(separator: "\n").first { $0.contains(#"✔ Shop: data.shop.name == "Sample Shoes""#) }, "\(stdout)")
        #expect(passing.contains("100.00%") && passing.contains("✓ 20") && passing.contains("✗ 0"), "\(passing)")
        #expect(stdout.contains(#"expected "Trail Runner" · actual "Classic Sneaker" · at \#(Self.workflow):15:9 · request req-"#), "\(stdout)")

        // JSON: the status, the counts, one distinct sample with expected, actual, where and which request.
        #expect(load.report.status == .failed)
        #expect(load.json.contains(#""status": "failed""#))
        let check = try #require(load.report.checks.first { $0.name == Self.failing }, "\(load.report.checks.map(\.name))")
        #expect(check.passes == 0 && check.fails == 20)
        #expect(check.location?.description == "\(Self.workflow):15:9")
        let sample = try #require(check.samples.first)
        #expect(check.samples.count == 1, "the same failure is kept once: \(check.samples)")
        #expect(sample.expected == .string("Trail Runner"))
        #expect(sample.actual == .string("Classic Sneaker"))
        #expect(sample.location?.description == "\(Self.workflow):15:9")
        #expect(sample.requestId?.hasPrefix("req-") == true)
        #expect(load.report.checks.first { $0.stepName == "Shop" }?.passes == 20)

        // HTML: a red badge, the check and its sample.
        #expect(load.html.contains(#"<span class="badge failed">failed</span></h1>"#), "the page's badge")
        #expect(load.html.contains("<h3>Checks</h3>"))
        #expect(load.html.contains("<code>\(Self.failing)</code>"))
        #expect(load.html.contains(#"<code>"Classic Sneaker"</code>"#) && load.html.contains("\(Self.workflow):15:9"))

        // JUnit: a failed testcase for the check, its samples in the failure.
        #expect(load.junit.contains(#"name="\#(Self.attribute(Self.failing))" time="0.000" file="\#(Self.workflow)" line="15">"#), "\(load.junit)")
        #expect(load.junit.contains(#"<failure message="20 of 20 failed: \#(Self.attribute(Self.failing))" type="assertion">"#), "\(load.junit)")
        #expect(load.junit.contains(#"actual "Classic Sneaker""#), "\(load.junit)")

        #if DEBUG
        #expect(load.output.stderr.contains("warning: this is a debug build of buyflow: its load figures"), "\(load.output.stderr)")
        #endif
    }

    @Test("a threshold that tolerates the failures lets the load pass, the failures still shown")
    func aThresholdRelaxesTheVerdict() async throws {
        let load = try await Self.load(["--vus", "2", "--iterations", "20", "--threshold", "error_rate(all) < 100%"])
        #expect(load.output.exitCode == 0, "\(load.output.combined)")
        #expect(load.report.status == .passed)
        #expect(load.output.stdout.contains("passed: the thresholds hold, though 20 of 20 iterations failed a check"), "\(load.output.stdout)")
        #expect(load.output.stdout.contains("✘ " + Self.failing))
        #expect(load.report.checks.first { $0.name == Self.failing }?.fails == 20)
        #expect(load.html.contains(#"<span class="badge passed">passed</span></h1>"#))
    }

    @Test("JUnit: no testcase lasts longer than its suite, though the VUs' requests overlap")
    func junitTestcasesFitInTheirSuite() async throws {
        let load = try await Self.load(["--vus", "4", "--duration", "1s", "--threshold", "error_rate(all) < 100%"])
        #expect(load.output.exitCode == 0, "\(load.output.combined)")
        let suite = try #require(Self.times(in: load.junit, of: "testsuite").first)
        let cases = Self.times(in: load.junit, of: "testcase")
        #expect(cases.count == 1 + 2 + 2, "a threshold, two checks, two steps: \(load.junit)")
        for time in cases { #expect(time <= suite, "a testcase of \(time) s in a suite of \(suite) s:\n\(load.junit)") }
        #expect(cases.reduce(0, +) <= suite + 0.002 * Double(cases.count))
    }

    /// The `time` of every `<name …>` element.
    static func times(in xml: String, of element: String) -> [Double] {
        let pattern = try! Regex("<\(element) [^>]*?time=\"([0-9.]+)\"")
        return xml.matches(of: pattern).compactMap { match in match.output[1].substring.flatMap { Double($0) } }
    }

    /// `text` escaped as an XML attribute value.
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
