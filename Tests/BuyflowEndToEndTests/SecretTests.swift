import BuyflowReport
import Foundation
import Testing

/// Planted secrets never reach stdout, stderr or a report, also with --verbose on a
/// failing run; the repro writes the token as `$STOREFRONT_TOKEN`.
@Suite("Secrets")
struct SecretTests {
    static let fileToken = "shop-token-in-file-7d2c"
    static let partnerToken = "partner-token-value-41aa"
    static let memo = "memo-secret-9b31"
    static let workflow = E2EPaths.workflow("secrets.yaml")

    struct Outputs {
        var output: Subprocess.Output
        var json: String
        var text: String
        var report: RunReport
    }

    /// Runs secrets.yaml with --verbose and both reports.
    func run(_ extra: [String]) async throws -> Outputs {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("run.json").path
        let text = directory.appendingPathComponent("run.txt").path
        let output = try await Subprocess.buyflow(
            ["run", Self.workflow, "--verbose", "--no-color", "--report", "json=\(json)", "--report", "text=\(text)"]
                + extra,
            environment: ["PARTNER_TOKEN": Self.partnerToken]
        )
        let jsonText = try String(contentsOfFile: json, encoding: .utf8)
        return Outputs(
            output: output, json: jsonText, text: try String(contentsOfFile: text, encoding: .utf8),
            report: try RunReport(bytes: Array(jsonText.utf8))
        )
    }

    /// The checks every run must pass: it got as far as the failing assertion, and no
    /// secret is in any output.
    func expectRedacted(
        _ outputs: Outputs, secrets: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(outputs.output.exitCode == 1, "\(outputs.output.combined)", sourceLocation: sourceLocation)
        let steps = outputs.report.steps
        #expect(
            steps.map(\.status) == [.passed, .failed], "\(outputs.output.combined)", sourceLocation: sourceLocation)
        let places = [
            ("stdout", outputs.output.stdout), ("stderr", outputs.output.stderr),
            ("the JSON report", outputs.json), ("the text report", outputs.text),
        ]
        for secret in secrets {
            for (place, text) in places {
                let lines = text.split(separator: "\n").filter { $0.contains(secret) }
                #expect(
                    lines.isEmpty, "'\(secret)' in \(place):\n\(lines.joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
            }
        }
        // The secret capture is reported redacted; the failed assertion's actual value too.
        #expect(steps.first?.captures["memo"] == "[redacted]", sourceLocation: sourceLocation)
        #expect(steps.last?.failure?.actual == "[redacted]", sourceLocation: sourceLocation)
        // The repro of the failed attempt writes the token as $STOREFRONT_TOKEN.
        let repro = steps.last?.attempts.last?.repro ?? ""
        #expect(
            repro.contains("X-Shopify-Storefront-Access-Token: $STOREFRONT_TOKEN"), "\(repro)",
            sourceLocation: sourceLocation)
        #expect(outputs.output.stdout.contains("$STOREFRONT_TOKEN"), sourceLocation: sourceLocation)
        #expect(outputs.text.contains("$STOREFRONT_TOKEN"), sourceLocation: sourceLocation)
        #expect(outputs.output.stdout.contains("[redacted]"), sourceLocation: sourceLocation)
    }

    @Test("shop.token, a *TOKEN* env value in a header and a secret capture, embedded shop")
    func tokenInFile() async throws {
        let outputs = try await run([])
        expectRedacted(outputs, secrets: [Self.fileToken, Self.partnerToken, Self.memo])
    }

    @Test("--token over shop.token, embedded shop")
    func tokenFlag() async throws {
        let flagToken = "cli-token-e5a0"
        let outputs = try await run(["--token", flagToken])
        expectRedacted(outputs, secrets: [flagToken, Self.fileToken, Self.partnerToken, Self.memo])
    }

    @Test("a served shop that requires the token")
    func servedShop() async throws {
        let token = "served-token-93fe"
        try await ServedShop.with(["--token", token]) { shop in
            let outputs = try await run(["--url", shop.url.absoluteString, "--token", token])
            expectRedacted(outputs, secrets: [token, Self.fileToken, Self.partnerToken, Self.memo])
            // Sent, and accepted: the first step passed with HTTP 200.
            #expect(outputs.report.steps.first?.attempts.first?.httpStatus == 200)
        }
    }

    @Test("a served shop refuses the wrong token (403), and the token is still not shown")
    func servedShopWrongToken() async throws {
        try await ServedShop.with(["--token", "served-token-93fe"]) { shop in
            let result = try await BuyflowRun.run(
                [Self.workflow, "--url", shop.url.absoluteString, "--verbose"],
                environment: ["PARTNER_TOKEN": Self.partnerToken])
            #expect(result.exitCode == 1)
            let step = try result.step("Remember")
            #expect(step.failure?.kind == .http)
            #expect(step.attempts.first?.httpStatus == 403)
            for secret in [Self.fileToken, Self.partnerToken] {
                #expect(!result.output.combined.contains(secret))
                #expect(!result.reportText.contains(secret))
            }
        }
    }
    @Test("a *TOKEN* value from --env-file is redacted like one from the process environment")
    func envFile() async throws {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let envFile = directory.appendingPathComponent(".env")
        let value = "env-file-token-5c7d"
        try Data("# planted\nPARTNER_TOKEN=\"\(value)\"\n".utf8).write(to: envFile)
        let result = try await BuyflowRun.run([Self.workflow, "--env-file", envFile.path, "--verbose"])
        #expect(result.exitCode == 1)
        #expect(try result.run().steps.map(\.status) == [.passed, .failed])
        #expect(!result.output.combined.contains(value))
        #expect(!result.reportText.contains(value))
        #expect(result.reportText.contains(#"-H 'X-Trace: [redacted]'"#))
    }
}
