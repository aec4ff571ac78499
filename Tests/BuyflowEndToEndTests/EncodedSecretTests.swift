import BuyflowCore
import BuyflowReport
import Foundation
import Testing

/// Issue 27: secrets planted through every channel, in every shape, echoed by a scripted
/// shop raw and `\u`-escaped, are in no form in any byte of `run --verbose` (stdout,
/// stderr, every report format), `report render`, `load` (console and report) or
/// `export k6`.
@Suite("Encoded secrets")
struct EncodedSecretTests {
    static let workflow = E2EPaths.workflow("encoded-secrets.yaml")
    /// The literal `shop.token` and `Authorization` header of the workflow.
    static let token = #"tok"en\PLANTED'/+=-31"#
    static let authorization = "lit-auth-PLANTED-4411"
    static let environment = [
        "PARTNER_TOKEN": #"partner'"\PLANTED/+=-77"#,
        "SHOP_PASSWORD": "hunter2\"PLANTED\\x'y\nline2\tend-é",
    ]
    static let fileSecret = "é-file/+=PLANTED-5c"
    static let memo = "memo\"\\PLANTED'é\n-42"
    static let queryToken = "qtok/+=PLANTED-9"
    static let number = "918273645501"

    static var strings: [String] {
        [token, authorization, fileSecret, memo, queryToken] + environment.values.sorted()
    }

    /// `"` `\` and control characters escaped, as a JSON string holds them.
    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Every UTF-16 unit as `\uXXXX`.
    static func uEscaped(_ text: String) -> String {
        text.utf16.map { "\\u" + String(format: "%04x", $0) }.joined()
    }

    /// Only the A of PLANTED escaped.
    static func partlyEscaped(_ text: String) -> String {
        jsonEscaped(text).replacingOccurrences(of: "PLANTED", with: "PL\\u0041NTED")
    }

    /// Every form of every secret the outputs must not hold.
    static var forms: [String] {
        var forms = ["PLANTED", "PL\\u0041NTED", number, "qtok%2F%2B%3D"]
        for secret in strings { forms += [uEscaped(secret), String(uEscaped(secret).prefix(48))] }
        return forms
    }

    /// The shop's one answer: the memo to capture, the numbers, and every secret echoed
    /// raw (JSON-escaped), fully `\u`-escaped and partly escaped.
    static var answer: String {
        let echo = strings.flatMap { [jsonEscaped($0), uEscaped($0), partlyEscaped($0)] }.joined(separator: " | ")
        return """
            {"data":{"shop":{"name":"\(echo)"},\
            "cart":{"id":"gid://shopify/Cart/1","note":"\(jsonEscaped(memo))","totalQuantity":\(number),\
            "lines":{"nodes":[{"quantity":3}]}},\
            "cartCreate":{"cart":{"id":"gid://shopify/Cart/1","note":"\(echo)"},"userErrors":[]}}}
            """
    }

    static func expectNone(in places: [(String, String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for form in forms {
            for (place, text) in places {
                let lines = text.split(separator: "\n").filter { $0.contains(form) }
                #expect(lines.isEmpty, "'\(form)' in \(place):\n\(lines.prefix(3).joined(separator: "\n"))", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("run --verbose, every report format and report render")
    func run() async throws {
        let server = try ScriptedServer(body: Self.answer)
        defer { server.stop() }
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let envFile = directory.appendingPathComponent(".env")
        try Data("FILE_SECRET=\(Self.fileSecret)\n".utf8).write(to: envFile)
        let url = server.url + "?access_token=qtok%2F%2B%3DPLANTED-9&x=1"
        let files = ["json": "run.json", "junit": "run.xml", "tap": "run.tap", "html": "run.html", "text": "run.txt"]
        var command = [
            "run", Self.workflow, "--verbose", "--no-color", "--url", url, "--env-file", envFile.path,
        ]
        for (format, name) in files.sorted(by: { $0.key < $1.key }) {
            command += ["--report", "\(format)=\(directory.appendingPathComponent(name).path)"]
        }
        let output = try await Subprocess.buyflow(command, environment: Self.environment)
        #expect(output.exitCode == 1, "\(output.combined)")
        var places = [("stdout", output.stdout), ("stderr", output.stderr)]
        for (format, name) in files.sorted(by: { $0.key < $1.key }) {
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            #expect(!text.isEmpty, "no \(format) report")
            places.append(("the \(format) report", text))
        }
        let json = directory.appendingPathComponent("run.json").path
        for format in ["junit", "tap", "html", "text"] {
            let again = try await Subprocess.buyflow(["report", "render", json, "--format", format])
            places.append(("report render --format \(format)", again.combined))
        }
        Self.expectNone(in: places)

        // It got as far as every failure, with the shapes the issue names.
        let report = try RunReport(bytes: Array(try String(contentsOfFile: json, encoding: .utf8).utf8))
        #expect(report.steps.map(\.status) == [.failed, .passed, .failed, .failed, .failed], "\(output.combined)")
        let count = try #require(report.steps.first { $0.name == "Count" })
        #expect(count.failure?.assertions.map(\.actual) == ["[redacted]", "[redacted]"])
        #expect(count.failure?.assertions.last?.expected == 918_273)
        #expect(report.target.url.hasSuffix("?access_token=[redacted]&x=1"))
        #expect(output.stdout.contains("\(server.url)?access_token=[redacted]&x=1"))
        let repros = report.steps.flatMap(\.attempts).compactMap(\.repro)
        #expect(!repros.isEmpty)
        for repro in repros { #expect(repro.contains("127.0.0.1:\(server.port)/"), "\(repro)") }
        // The failed literal line is quoted, redacted.
        #expect(output.stdout.contains(#"data.shop.name == "[redacted]""#), "\(output.stdout)")
    }

    @Test("8: a diagnostic quoting the line of a literal token, in a workflow that does not load")
    func diagnosticExcerpt() async throws {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.yaml")
        let yaml = """
            version: 1
            name: Bad
            shop: {token: 'lit"tok\\PLANTED-88', bogus: 1}
            steps:
              - name: Shop
                query: "query ShopName { shop { name } }"
            """
        try Data(yaml.utf8).write(to: file)
        for command in ["validate", "run"] {
            let output = try await Subprocess.buyflow([command, file.path, "--no-color"])
            #expect(output.exitCode == 2, "\(output.combined)")
            #expect(output.combined.contains("bogus"), "\(output.combined)")
            #expect(output.combined.contains("shop: {token: '[redacted]', bogus: 1}"), "\(output.combined)")
            Self.expectNone(in: [("\(command) output", output.combined)])
        }
    }

    @Test("load: console, report and k6 export")
    func load() async throws {
        let server = try ScriptedServer(body: Self.answer)
        defer { server.stop() }
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let envFile = directory.appendingPathComponent(".env")
        try Data("FILE_SECRET=\(Self.fileSecret)\n".utf8).write(to: envFile)
        let url = server.url + "?access_token=qtok%2F%2B%3DPLANTED-9&x=1"
        let report = directory.appendingPathComponent("load.json").path
        let load = try await Subprocess.buyflow(
            ["load", Self.workflow, "--url", url, "--env-file", envFile.path, "--iterations", "2", "--vus", "1",
             "--report", "json=\(report)"],
            environment: Self.environment)
        #expect(load.combined.contains("access_token=[redacted]"), "\(load.combined)")
        let script = directory.appendingPathComponent("load.k6.js").path
        let export = try await Subprocess.buyflow(
            ["export", "k6", Self.workflow, "--url", url, "--output", script], environment: Self.environment)
        #expect(export.exitCode == 0, "\(export.combined)")
        let k6 = (try? String(contentsOfFile: script, encoding: .utf8)) ?? ""
        #expect(k6.contains("__ENV.BUYFLOW_QUERY_ACCESS_TOKEN"))
        #expect(k6.contains("-e BUYFLOW_QUERY_ACCESS_TOKEN=<value>"))
        Self.expectNone(in: [
            ("load stdout", load.stdout), ("load stderr", load.stderr),
            ("the load report", (try? String(contentsOfFile: report, encoding: .utf8)) ?? "missing"),
            ("export k6", export.combined), ("the k6 script", k6),
        ])
    }
}
