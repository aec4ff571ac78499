@testable import BuyflowReport
import BuyflowCore
import Testing

/// The HTML report: golden files, self-containment, and the waterfall's geometry.
@Suite struct HTMLRendererTests {
    @Test func failedRun() throws {
        try Fixtures.golden.expect(HTMLRenderer().render(Samples.run), at: "run-report.html")
    }

    @Test func severalRuns() throws {
        try Fixtures.golden.expect(HTMLRenderer().render(Samples.runs), at: "runs-report.html")
    }

    @Test func awkwardRun() throws {
        try Fixtures.golden.expect(HTMLRenderer().render(RenderSamples.edge), at: "edge-report.html")
    }

    /// No script, no stylesheet, font or image from anywhere: every URL on the page is text.
    @Test(arguments: [[Samples.run], Samples.runs.runs, [RenderSamples.edge]])
    func loadsNothing(runs: [RunReport]) {
        let html = HTMLRenderer().render(runs: runs).lowercased()
        for forbidden in ["<script", "<link", "<img", "<iframe", "@import", "url(", "src=", "javascript:", "@font-face"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
        #expect(html.contains("content-security-policy\" content=\"default-src 'none'"))
        // Links point inside the page only.
        var rest = Substring(html)
        while let range = rest.range(of: "href=\"") {
            rest = rest[range.upperBound...]
            #expect(rest.hasPrefix("#"))
        }
    }

    @Test func showsStepsFailuresAndWarnings() {
        let html = HTMLRenderer().render(Samples.run)
        for step in Samples.run.steps { #expect(html.contains(step.name)) }
        #expect(html.contains("<div class=\"expected\"><h5>expected</h5><pre>true</pre></div><div class=\"actual\"><h5>actual</h5><pre>false</pre></div>"))
        #expect(html.contains("requested API version 2026-04, the shop served 2025-10"))
        #expect(html.contains("<details class=\"attempt\" open>"))
        #expect(html.contains("$STOREFRONT_TOKEN"))
        #expect(html.contains("@media print"))
    }

    @Test func everyAttemptIsABar() {
        for run in Samples.runs.runs + [RenderSamples.edge] {
            let html = HTMLRenderer().render(run)
            let bars = html.components(separatedBy: "<rect class=\"bar ").count - 1
            #expect(bars == run.steps.reduce(0) { $0 + $1.attempts.count })
        }
        let edge = HTMLRenderer().render(RenderSamples.edge)
        #expect(edge.components(separatedBy: "<rect class=\"bar poll\"").count - 1 == 4)
        #expect(edge.components(separatedBy: "<rect class=\"bar retry\"").count - 1 == 2)
        #expect(edge.contains("4 polls"))
        #expect(edge.contains("2 retries"))
    }

    /// Bars sit at their start offset on the axis: 41.7 ms rounds up to a 50 ms axis.
    @Test func barsArePositionedByStartAndDuration() {
        let html = HTMLRenderer().render(Samples.run)
        let W = HTMLRenderer.Waterfall.self
        let scale = W.plotWidth / 250  // total 211.8 ms → ticks of 50 ms → axis to 250 ms
        let x = W.labelWidth + 206.5 * scale
        #expect(html.contains("<rect class=\"bar ok\" x=\"\(HTMLRenderer.n(x))\""))
        #expect(html.contains(">200 ms</text>"))
        #expect(html.contains("<rect class=\"bar retry\" x=\"\(HTMLRenderer.n(W.labelWidth + 4.4 * scale))\""))
    }

    @Test(arguments: [(41.7, 10.0), (211.8, 50.0), (0.5, 0.1), (1234.0, 250.0), (30_000.0, 5000.0)])
    func tickSpacing(total: Double, tick: Double) {
        #expect(HTMLRenderer.tickSpacing(total) == tick)
    }

    @Test func escapesMarkupInNames() {
        let html = HTMLRenderer().render(RenderSamples.edge)
        #expect(html.contains("EU checkout &lt;v2&gt; &amp; \"friends\""))
        #expect(!html.contains("<now>"))
        #expect(html.contains("&lt;html&gt;]]&gt; oops \\u001B[31m \\u0000 &lt;/html&gt;"))
    }
}
