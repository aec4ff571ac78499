import BuyflowReport
import Foundation
import Testing

/// Plants secrets (the token, env values named *TOKEN*, *KEY*, *SECRET*, *PASSWORD*, secret
/// captures), runs with `--verbose` and every report format, and scans every output for
/// them — whole, and their first 12 characters (a truncated secret is a leak too).
/// (SecretTests in the end-to-end suite covers the console and the json and text reports.)
@Suite("Secrets in every output", .enabled(if: Reliability.enabled, Reliability.why))
struct SecretScanTests {
    static let environment = [
        "PARTNER_TOKEN": "partner-token-planted-c3d4",
        "SHOP_API_KEY": "api-key-planted-9e8f",
        "MY_SECRET": "my-secret-planted-5a6b",
        "DB_PASSWORD": "db-password-planted-1234",
    ]
    static let fileToken = "file-token-planted-1f0e"
    static let memo = "memo-secret-planted-77b2"

    /// Every output of a run: the console and each report, by name.
    static func outputs(_ arguments: [String], token: String?) async throws -> (Child.Output, [(String, String)]) {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["json": "run.json", "junit": "run.xml", "tap": "run.tap", "html": "run.html", "text": "run.txt"]
        var command = ["run", Paths.workflow("secret-scan.yaml"), "--verbose", "--no-color"] + arguments
        if let token { command += ["--token", token] }
        for (format, name) in files.sorted(by: { $0.key < $1.key }) {
            command += ["--report", "\(format)=\(directory.appendingPathComponent(name).path)"]
        }
        let output = try await Child.buyflow(command, environment: environment)
        var places = [("stdout", output.stdout), ("stderr", output.stderr)]
        for (format, name) in files.sorted(by: { $0.key < $1.key }) {
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            #expect(!text.isEmpty, "no \(format) report")
            places.append(("the \(format) report", text))
            // `report render` of the saved JSON report, in every format, prints no secret either.
            if format == "json" {
                for rendered in ["junit", "tap", "html", "text"] {
                    let again = try await Child.buyflow(["report", "render", directory.appendingPathComponent(name).path, "--format", rendered])
                    places.append(("report render --format \(rendered)", again.combined))
                }
            }
        }
        return (output, places)
    }

    static func expectNoSecret(_ places: [(String, String)], secrets: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for secret in secrets {
            for needle in [secret, String(secret.prefix(12))] {
                for (place, text) in places {
                    let lines = text.split(separator: "\n").filter { $0.contains(needle) }
                    #expect(lines.isEmpty, "'\(needle)' in \(place):\n\(lines.prefix(5).joined(separator: "\n"))", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("embedded shop, --token over shop.token: no secret in the console, any report or any error")
    func embedded() async throws {
        let token = "cli-token-planted-8c7d"
        let (output, places) = try await Self.outputs([], token: token)
        #expect(output.exitCode == 1, "\(output.combined)")
        Self.expectNoSecret(places, secrets: [token, Self.fileToken, Self.memo] + Self.environment.values)
        // The run did get as far as each failure, so the scan saw the error messages.
        let json = try #require(places.first { $0.0 == "the json report" }?.1)
        let report = try RunReport(bytes: Array(json.utf8))
        #expect(report.steps.map(\.status) == [.passed, .failed, .failed, .failed, .failed])
        #expect(report.steps[1].failure?.kind == .assertion)
        #expect(report.steps[2].failure?.kind == .graphql)
        #expect(report.steps[3].failure?.message.contains("decimal") == true, "\(String(describing: report.steps[3].failure))")
        // The repro of a failed attempt names the token's variable, never its value.
        let repros = report.steps.flatMap(\.attempts).compactMap(\.repro)
        #expect(!repros.isEmpty)
        for repro in repros { #expect(repro.contains("$STOREFRONT_TOKEN"), "\(repro)") }
    }

    @Test("a served shop that requires the token")
    func served() async throws {
        let token = "served-token-planted-2b1a"
        try await Shop.with(["--token", token]) { shop in
            let (output, places) = try await Self.outputs(["--url", shop.url.absoluteString], token: token)
            #expect(output.exitCode == 1, "\(output.combined)")
            Self.expectNoSecret(places, secrets: [token, Self.fileToken, Self.memo] + Self.environment.values)
        }
    }
}
