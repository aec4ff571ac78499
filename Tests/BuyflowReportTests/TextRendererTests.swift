@testable import BuyflowReport
import BuyflowCore
import Testing

/// The text form of run reports, as the console prints them and `--report text=…` writes.
@Suite struct TextRendererTests {
    static let checkout = SourceFile(path: Samples.file, text: (1...90).map { "line \($0) of the workflow" }.joined(separator: "\n"))

    @Test func failedRun() throws {
        let text = RunTextRenderer(sources: [Self.checkout]).render(Samples.run)
        try Fixtures.golden.expect(text, at: "run-report.txt")
    }

    @Test func passingRun() throws {
        let text = RunTextRenderer().render(Samples.passingRun)
        try Fixtures.golden.expect(text, at: "passing-run.txt")
        #expect(text.hasSuffix("\n"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test func severalRuns() throws {
        try Fixtures.golden.expect(RunTextRenderer().render(Samples.runs), at: "runs-report.txt")
    }

    @Test func colourOnlyWhenAsked() {
        let text = RunTextRenderer(color: true).render(Samples.run)
        #expect(text.contains("\u{1B}[31m✗\u{1B}[0m"))
    }

    @Test(arguments: [
        (Duration.microseconds(1500), "1.5 ms"), (.milliseconds(42), "42.0 ms"), (.milliseconds(250), "250 ms"),
        (.milliseconds(1234), "1.23 s"),
    ])
    func durations(duration: Duration, text: String) {
        #expect(RunTextRenderer.milliseconds(duration) == text)
    }
}
