import BuyflowReport
import Foundation
import Testing

/// The console and the stable parts of the JSON report, against golden files, after
/// normalizing what changes from run to run (re-record with BUYFLOW_RECORD=1).
@Suite("Golden output")
struct GoldenOutputTests {
    @Test("the console and report of a passing run (workflows/checkout.yaml)")
    func passingRun() async throws {
        let result = try await BuyflowRun.run(["workflows/checkout.yaml", "--no-color"])
        #expect(result.exitCode == 0, "\(result.output.combined)")
        #expect(result.output.stderr.isEmpty, "\(result.output.stderr)")
        try E2EPaths.golden.expect(OutputNormalizer.normalize(result.output.stdout), at: "checkout.console.txt")
        try E2EPaths.golden.expect(OutputNormalizer.projection(result.runs), at: "checkout.report.json")
    }

    @Test("the console and report of a run with failed assertions")
    func failingRun() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("failed-assertions.yaml"), "--no-color"])
        #expect(result.exitCode == 1)
        try E2EPaths.golden.expect(
            OutputNormalizer.normalize(result.output.stdout), at: "failed-assertions.console.txt")
        try E2EPaths.golden.expect(OutputNormalizer.projection(result.runs), at: "failed-assertions.report.json")
    }

    @Test("--report text= writes what the console shows")
    func textReport() async throws {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.txt").path
        let output = try await Subprocess.buyflow([
            "run", E2EPaths.workflow("failed-assertions.yaml"), "--no-color", "--report", "text=\(path)",
        ])
        #expect(output.exitCode == 1)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try E2EPaths.golden.expect(OutputNormalizer.normalize(text), at: "failed-assertions.report.txt")
        // Every step line of the console is in the text report.
        for line in output.stdout.split(separator: "\n")
        where line.hasPrefix("  ✓") || line.hasPrefix("  ✗") || line.hasPrefix("  -") {
            let name = line.dropFirst(4).prefix { $0 != " " }
            #expect(text.contains(name), "\(line)")
        }
    }

    @Test("the normalizer replaces durations, ports, request ids and cart ids")
    func normalizer() {
        let text = """
            Checkout (workflows/checkout.yaml) → http://127.0.0.1:33927/api/2026-04/graphql.json
              ✓ Wait for order                        202 ms   3 polls
              ✓ Find product                          2.5 ms
            passed: 5 passed of 5 steps in 1.23 s · 7 requests
                  attempt 1: HTTP 200, 0.4 ms, request req-12
            "cartId": "gid://shopify/Cart/c1-c47086e6adbd000000?key=d816f6192eea30a3"
            """
        #expect(
            OutputNormalizer.normalize(text) == """
                Checkout (workflows/checkout.yaml) → http://127.0.0.1:<port>/api/2026-04/graphql.json
                  ✓ Wait for order <time>   3 polls
                  ✓ Find product <time>
                passed: 5 passed of 5 steps in <time> · 7 requests
                      attempt 1: HTTP 200, <time>, request req-<n>
                "cartId": "gid://shopify/Cart/<id>"
                """)
    }
}
