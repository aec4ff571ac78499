@testable import BuyflowReport
import BuyflowCore
import Testing

/// TAP version 13 over the sample reports.
@Suite struct TAPRendererTests {
    @Test func failedRun() throws {
        try Fixtures.golden.expect(TAPRenderer().render(Samples.run), at: "run-report.tap")
    }

    @Test func severalRuns() throws {
        try Fixtures.golden.expect(TAPRenderer().render(Samples.runs), at: "runs-report.tap")
    }

    @Test func awkwardRun() throws {
        try Fixtures.golden.expect(TAPRenderer().render(RenderSamples.edge), at: "edge-report.tap")
    }

    @Test func planAndTestPoints() {
        let lines = TAPRenderer().render(Samples.runs).split(separator: "\n").map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..6")
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == 6)
        #expect(points[0] == "ok 1 - Checkout › Create cart")
        #expect(points[2] == "not ok 3 - Checkout › Apply discount")
        #expect(points[3] == "ok 4 - Checkout › Complete checkout # SKIP an earlier step failed")
        #expect(points[5] == "ok 6 - Browse [eu] › Read product")
    }

    @Test func diagnosticBlockOfAFailure() throws {
        let text = TAPRenderer().render(Samples.run)
        let start = try #require(text.range(of: "not ok 3 - Checkout › Apply discount\n  ---\n"))
        let block = text[start.upperBound...].prefix { _ in true }
        let end = try #require(block.range(of: "  ...\n"))
        let yaml = block[..<end.lowerBound]
        #expect(yaml.contains("  message: \"expected true, got false\"\n"))
        #expect(yaml.contains("  kind: \"assertion\"\n"))
        #expect(yaml.contains("  expected: true\n"))
        #expect(yaml.contains("  actual: false\n"))
        #expect(yaml.contains("  location: \"workflows/checkout.yaml:48:11\"\n"))
    }

    @Test func hashesAndLineBreaksCannotBreakATestPoint() {
        let text = TAPRenderer().render(RenderSamples.edge)
        #expect(text.contains("not ok 4 - EU checkout <v2> & \"friends\" › Pay [1m\\#1 <now> & \"later\"\n"))
        #expect(text.contains("  message: \"unknown capture 'cartId'\\nin {{ cartId }}\"\n"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test(arguments: [
        (JSONValue.string("a\"b\\c\n\t\u{1B}\u{85}é"), #""a\"b\\c\n\t\x1B\x85é""#),
        (JSONValue.object(JSONObject([("k", JSONValue.array([1, 2.5, nil, true]))])), #"{"k": [1, 2.5, null, true]}"#),
        (.string("\u{FEFF}\u{2028}"), #""\uFEFF\u2028""#),
    ])
    func yamlFlow(value: JSONValue, text: String) {
        #expect(YAMLFlow.write(value) == text)
    }
}
