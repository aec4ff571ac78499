@testable import BuyflowReport
import BuyflowCore
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// JUnit XML over the sample reports: golden files, counts, names and well-formedness.
@Suite struct JUnitRendererTests {
    @Test func failedRun() throws {
        try Fixtures.golden.expect(JUnitRenderer().render(Samples.run), at: "run-report.junit.xml")
    }

    @Test func severalRuns() throws {
        try Fixtures.golden.expect(JUnitRenderer().render(Samples.runs), at: "runs-report.junit.xml")
    }

    @Test func awkwardRun() throws {
        try Fixtures.golden.expect(JUnitRenderer().render(RenderSamples.edge), at: "edge-report.junit.xml")
    }

    /// The awkward run as JSON, for `Tests/Conformance/reports/check.py` to render with the CLI.
    @Test func awkwardRunJSON() throws {
        try Fixtures.golden.expect(String(decoding: RenderSamples.edge.prettyJSON(), as: UTF8.self), at: "edge-report.json")
        let json = try Fixtures.bytes("edge-report.json")
        #expect(try RunReport(bytes: json) == RenderSamples.edge)
    }

    @Test(arguments: [Samples.runs.runs, [RenderSamples.edge], [Samples.run, RenderSamples.edge]])
    func isWellFormedXML(runs: [RunReport]) throws {
        let xml = JUnitRenderer().render(runs: runs)
        let elements = try XMLElements.parse(xml)
        #expect(elements.first?.name == "testsuites")
        #expect(elements.count { $0.name == "testsuite" } == runs.count)
        #expect(elements.count { $0.name == "testcase" } == runs.reduce(0) { $0 + $1.steps.count })
    }

    @Test func countsAndAttributes() throws {
        let elements = try XMLElements.parse(JUnitRenderer().render(Samples.runs))
        let root = try #require(elements.first)
        #expect(root.attributes["tests"] == "6")
        #expect(root.attributes["failures"] == "1")
        #expect(root.attributes["errors"] == "0")
        let suite = try #require(elements.first { $0.name == "testsuite" })
        #expect(suite.attributes["name"] == "Checkout")
        #expect(suite.attributes["tests"] == "4")
        #expect(suite.attributes["skipped"] == "1")
        #expect(suite.attributes["time"] == "0.042")
        #expect(suite.attributes["timestamp"] == "2026-11-29T12:00:00Z")
        let cases = elements.filter { $0.name == "testcase" }
        #expect(cases[0].attributes["classname"] == "workflows.checkout")
        #expect(cases[0].attributes["file"] == "workflows/checkout.yaml")
        #expect(cases[0].attributes["line"] == "12")
        #expect(cases[1].attributes["time"] == "0.212")
        let failure = try #require(elements.first { $0.name == "failure" })
        #expect(failure.attributes["type"] == "assertion")
        #expect(failure.text.contains("expected: true"))
        #expect(failure.text.contains("actual:   false"))
        #expect(failure.text.contains("at workflows/checkout.yaml:48:11"))
        // The retried step's second attempt is a property of its test case.
        #expect(elements.contains { $0.name == "property" && $0.attributes["name"] == "attempt.2" })
        #expect(elements.contains { $0.name == "skipped" && $0.attributes["message"] == "an earlier step failed" })
    }

    @Test func awkwardTextSurvivesTheRoundTrip() throws {
        let elements = try XMLElements.parse(JUnitRenderer().render(RenderSamples.edge))
        let suite = try #require(elements.first { $0.name == "testsuite" })
        #expect(suite.attributes["name"] == "EU checkout <v2> & \"friends\"")
        let names = elements.filter { $0.name == "testcase" }.compactMap { $0.attributes["name"] }
        #expect(Set(names).count == names.count, "names are unique: \(names)")
        #expect(names.contains("Add line (lines-add-2)"))
        #expect(names.contains("Pay \\u001B[1m#1 <now> & \"later\"\\u0007"))
        #expect(elements.first { $0.name == "testcase" }?.attributes["classname"] == "flows.eu.checkout.v2")
        let error = try #require(elements.first { $0.name == "error" })
        #expect(error.attributes["type"] == "template")
        #expect(error.attributes["message"] == "unknown capture 'cartId'")
        let output = elements.filter { $0.name == "system-out" }.map(\.text).joined()
        #expect(output.contains("<html>]]> oops \\u001B[31m \\u0000 </html>"))
        #expect(output.contains("--- repro\ncurl"))
    }

    @Test(arguments: [
        ("workflows/checkout.yaml", "workflows.checkout"), ("./flows/eu/checkout.v2.yml", "flows.eu.checkout.v2"),
        ("checkout", "checkout"), ("/abs/path/x.yaml", "abs.path.x"), ("dir.d/file", "dir.d.file"), (".hidden", ".hidden"),
    ])
    func className(file: String, expected: String) {
        #expect(JUnitRenderer.className(file) == expected)
    }

    @Test(arguments: [
        (Duration.microseconds(3_100), "0.003"), (.microseconds(212_340), "0.212"), (.milliseconds(1_250), "1.250"),
        (.zero, "0.000"), (.microseconds(499), "0.000"), (.microseconds(500), "0.001"), (.seconds(61), "61.000"),
    ])
    func seconds(duration: Duration, text: String) {
        #expect(RenderFormat.seconds(duration) == text)
    }

    @Test func markupEscapesEverythingXMLCannotCarry() {
        #expect(Markup.text("a<b>&c") == "a&lt;b&gt;&amp;c")
        #expect(Markup.attribute("\"it's\"\n\tx") == "&quot;it&#39;s&quot;&#10;&#9;x")
        #expect(Markup.text("\u{0}\u{8}\u{B}\u{1F}\u{FFFE}ok\u{1F600}") == "\\u0000\\u0008\\u000B\\u001F\\uFFFEok\u{1F600}")
        #expect(Markup.text("line\r\nnext") == "line&#13;\nnext")
    }
}

/// The elements of an XML document in document order, read with Foundation's parser
/// (which refuses a document that is not well-formed).
struct XMLElements {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    static func parse(_ xml: String) throws -> [Element] {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseError(description: "not well-formed: \(parser.parserError.map { "\($0)" } ?? "unknown") at line \(parser.lineNumber)")
        }
        return collector.elements
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }
    }
}
