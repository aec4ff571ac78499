import BuyflowCLI
import BuyflowCore
import BuyflowReport
import BuyflowTestSupport
import Foundation
import Testing

/// `buyflow load`, `report merge` and `export k6` through the command line, against the
/// embedded sample shop.
@Suite(.serialized) struct LoadCommandTests {
    static let root = RepositoryPaths.root
    static let smoke = root.appendingPathComponent("workflows/load-smoke.yaml").path
    static let checkout = root.appendingPathComponent("workflows/checkout.yaml").path

    static func run(_ words: [String]) async -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = await BuyflowCommandLine.run(words, context: CommandContext(console: console, environment: [:], color: false))
        return (code, console.capturedOutput, console.capturedError)
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-load-cli-\(UUID().uuidString)-\(name)").path
    }

    @Test func aLoadThatHoldsItsThresholdsExitsZeroAndWritesEveryReport() async throws {
        let json = Self.temporary("load.json"), junit = Self.temporary("load.xml"), html = Self.temporary("load.html"), text = Self.temporary("load.txt")
        let result = await Self.run([
            "load", Self.smoke, "--vus", "3", "--iterations", "30", "--threshold", "error_rate(all) < 1%", "--threshold", "count(step:read-cart) >= 30",
            "--report", "json=\(json)", "--report", "junit=\(junit)", "--report", "html=\(html)", "--report", "text=\(text)",
        ])
        #expect(result.code == .success, "\(result.out)\(result.err)")
        #expect(result.out.contains("create-cart"))
        #expect(result.out.contains("✔ count(step:read-cart) >= 30"))
        let report = try LoadReport(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: json))))
        #expect(report.iterations.completed == 30)
        #expect(report.requests.count == 60)
        #expect(report.profile.vus == 3)
        #expect(report.thresholds.map(\.expression) == ["error_rate(all) < 1%", "count(step:read-cart) >= 30"])
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"name="count(step:read-cart) &gt;= 30""#))
        #expect(xml.contains(#"name="create-cart""#))
        // Two thresholds, two checks (the assertions), two steps.
        #expect(xml.contains(#"<testsuite name="Cart load smoke" tests="6" failures="0""#), "\(xml)")
        #expect(xml.contains(#"name="Create cart: data.cartCreate.cart.totalQuantity == 1""#), "\(xml)")
        #expect(report.checks.map(\.passes) == [30, 30])
        #expect(result.out.contains("✔ Read cart: decimal(data.cart.cost.totalAmount.amount) == 89"), "\(result.out)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<svg") && page.contains("Latency histogram") && page.contains("Requests per second"))
        #expect(!page.contains("<script") && !page.contains("<link"))
        #expect(try String(contentsOfFile: text, encoding: .utf8).contains("thresholds:"))
    }

    @Test func aBreachedThresholdExitsThree() async {
        let result = await Self.run(["load", Self.smoke, "--vus", "2", "--iterations", "10", "--threshold", "max(all) < 0.001ms", "--quiet"])
        #expect(result.code == .thresholdBreached)
        #expect(result.out.contains("✘ max(all) < 0.001ms"))
    }

    @Test func aBadThresholdIsALocatedValidationErrorAndNothingIsSent() async {
        let result = await Self.run(["load", Self.smoke, "--threshold", "p95(all) < 1s", "--threshold", "p95(step:create-crt) < 1s"])
        #expect(result.code == .invalid)
        #expect(result.err.contains("--threshold:2:5: error: threshold names no step 'create-crt'; did you mean 'step:create-cart'?"), "\(result.err)")
        let syntax = await Self.run(["load", Self.smoke, "--threshold", "p95(all) ~ 1s"])
        #expect(syntax.code == .invalid)
        #expect(syntax.err.contains("--threshold:1:10: error: expected a comparison"), "\(syntax.err)")
    }

    @Test func usageErrors() async {
        #expect(await Self.run(["load"]).code == .usage)
        #expect(await Self.run(["load", Self.smoke, "--vus", "0"]).code == .usage)
        #expect(await Self.run(["load", Self.smoke, "--report", "tap=x.tap"]).code == .usage)
        #expect(await Self.run(["load", Self.smoke, "--duration", "soon"]).code == .usage)
    }

    @Test func reportMergeOfShardsGivesTheWholeLoadsStatus() async throws {
        let first = Self.temporary("1.json"), second = Self.temporary("2.json"), merged = Self.temporary("merged.json")
        for path in [first, second] {
            let result = await Self.run(["load", Self.smoke, "--vus", "2", "--iterations", "40", "--threshold", "count(all) <= 100", "-q", "--report", "json=\(path)"])
            #expect(result.code == .success)
        }
        let result = await Self.run(["report", "merge", first, second, "--output", merged])
        #expect(result.code == .thresholdBreached, "\(result.out)\(result.err)")
        let report = try LoadReport(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: merged))))
        #expect(report.requests.count == 160)
        #expect(report.iterations.completed == 80)
        #expect(report.thresholds.first?.actual == 160)
        #expect(report.status == .failed)

        // A shard whose totals do not add up is refused.
        var text = try String(contentsOfFile: second, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"count\": 80,\n    \"rps\"", with: "\"count\": 81,\n    \"rps\"")
        let tampered = Self.temporary("tampered.json")
        try text.write(toFile: tampered, atomically: true, encoding: .utf8)
        let refused = await Self.run(["report", "merge", first, tampered])
        #expect(refused.code == .invalid)
        #expect(refused.err.contains("inconsistent load report"), "\(refused.err)")
    }

    @Test func exportK6WritesTheRequestsChecksAndThresholds() async throws {
        let output = Self.temporary("checkout.js")
        let result = await Self.run([
            "export", "k6", Self.checkout, "--vus", "5", "--duration", "10s", "--ramp-up", "2s", "--output", output,
            "--threshold", "p95(step:create-cart) < 300ms", "--threshold", "error_rate(op:CreateCart) < 1%", "--threshold", "rps(all) > 10",
        ])
        #expect(result.code == .success, "\(result.err)")
        let script = try String(contentsOfFile: output, encoding: .utf8)
        #expect(script.contains("import http from 'k6/http';"))
        #expect(script.contains(#""http_req_duration{step:create-cart}": ["p(95)<300"]"#))
        #expect(script.contains(#""buyflow_errors{op:CreateCart}": ["rate<0.01"]"#))
        #expect(script.contains(#""http_reqs": ["rate>10"]"#))
        #expect(script.contains("executor: 'ramping-vus'"))
        #expect(script.contains(#""Find product: data.product.title == \"Classic Sneaker\"""#))
        #expect(script.contains(#"S.captures["cartId"] = S["cartId"]"#))
        #expect(script.contains("mutation CreateCart"))
        // Mutations are sent once; queries retry.
        #expect(script.components(separatedBy: "if (sent < 1 &&").count - 1 == 3)
        #expect(script.components(separatedBy: "if (sent < 3 &&").count - 1 == 2)
    }
}
