import BuyflowCore
import BuyflowTestSupport
import Foundation
import Testing
import YAML

/// Each `Fixtures/errors/<name>.yaml` is parsed as a workflow file would be (one
/// document, a mapping at the top, `steps` a sequence, `variables` a mapping) and the
/// full rendering of its diagnostics is compared with `<name>.expected`.
@Suite struct ErrorGoldenTests {
    /// The malformed inputs the golden set must cover, at the least.
    static let required = [
        "tab-indentation", "bad-indentation", "unclosed-quote", "unclosed-flow-sequence", "duplicate-key",
        "unknown-alias", "billion-laughs", "nesting-bomb", "invalid-utf8", "nul-byte", "two-documents",
        "empty-file", "key-without-value", "long-line", "not-yaml",
    ]

    @Test func everyRequiredCaseHasAFixture() {
        let cases = Set(Fixtures.errorCases)
        for name in Self.required {
            #expect(cases.contains(name), "missing Fixtures/errors/\(name).yaml")
        }
    }

    @Test(arguments: Fixtures.errorCases)
    func rendering(of name: String) throws {
        let path = "errors/\(name).yaml"
        let bytes = try Fixtures.bytes(path)
        let diagnostics = Self.diagnose(bytes, path: path)
        #expect(!diagnostics.isEmpty, "\(path) parsed without an error")
        let renderer = DiagnosticRenderer(
            color: false, sources: [SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))]
        )
        try Fixtures.golden.expect(renderer.render(diagnostics), at: "errors/\(name).expected")
    }

    /// Hostile inputs fail fast: a hang guard, not a benchmark.
    @Test(arguments: ["billion-laughs", "nesting-bomb"])
    func hostileInputFailsQuickly(_ name: String) throws {
        let bytes = try Fixtures.bytes("errors/\(name).yaml")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: DiagnosticList.self) { try YAMLParser.parse(bytes: bytes, path: name) }
        }
        #expect(elapsed < .seconds(5), "\(name) took \(elapsed)")
    }

    @Test func billionLaughsNamesTheLimit() throws {
        let bytes = try Fixtures.bytes("errors/billion-laughs.yaml")
        let error = #expect(throws: DiagnosticList.self) { try YAMLParser.parse(bytes: bytes, path: "b.yaml") }
        #expect(error?.diagnostics.first?.message.contains("maxAliasExpansion") == true)
        #expect(error?.diagnostics.first?.code == "yaml.limit")
    }

    @Test func nestingBombNamesTheLimit() throws {
        let bytes = try Fixtures.bytes("errors/nesting-bomb.yaml")
        let error = #expect(throws: DiagnosticList.self) { try YAMLParser.parse(bytes: bytes, path: "n.yaml") }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.message.contains("maxDepth"))
        // The 257th '[' of the line: the root mapping is level 1.
        #expect(diagnostic.location == at(1, 8 + 255, file: "n.yaml"))
    }

    /// What a workflow loader would report for the bytes of a file.
    static func diagnose(_ bytes: [UInt8], path: String) -> [Diagnostic] {
        let root: YAMLNode
        do {
            root = try YAMLParser.parse(bytes: bytes, path: path)
        } catch {
            return error.diagnostics
        }
        do throws(Diagnostic) {
            let pairs = try root.expectMapping(
                context: "the workflow file", hint: "a workflow file is a mapping with keys such as 'name:' and 'steps:'"
            )
            for pair in pairs {
                switch pair.key.text {
                case "steps": _ = try pair.value.expectSequence(context: "'steps'")
                case "variables": _ = try pair.value.expectMapping(context: "'variables'")
                default: break
                }
            }
            return []
        } catch {
            return [error]
        }
    }
}
