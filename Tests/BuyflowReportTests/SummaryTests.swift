import BuyflowCore
import BuyflowReport
import Testing

/// Summaries count steps, requests and retries; statuses combine by the documented rule.
@Suite struct SummaryTests {
    static func step(_ status: StepStatus, attempts: Int = 1) -> StepReport {
        StepReport(
            id: "s", name: "S", status: status, operation: nil, duration: .zero,
            attempts: (0..<attempts).map { AttemptReport(number: $0 + 1, startOffset: .zero, duration: .zero, httpStatus: 200) }
        )
    }

    @Test func sampleRunCounts() {
        let summary = Samples.run.summary
        #expect(summary == RunSummary(steps: 4, passed: 2, failed: 1, skipped: 1, errored: 0, requests: 4, retries: 1))
        #expect(Samples.run.status == .failed)
    }

    @Test func countsByStatusAttemptsAndRetries() {
        let steps = [
            Self.step(.passed, attempts: 1), Self.step(.passed, attempts: 3), Self.step(.failed, attempts: 2),
            Self.step(.skipped, attempts: 0), Self.step(.error, attempts: 0), Self.step(.passed, attempts: 5),
        ]
        let summary = RunSummary(steps: steps)
        #expect(summary.steps == 6)
        #expect(summary.passed == 3)
        #expect(summary.failed == 1)
        #expect(summary.skipped == 1)
        #expect(summary.errored == 1)
        #expect(summary.requests == 11)
        #expect(summary.retries == 2 + 1 + 4)
        #expect(summary.jsonValue.objectValue?.keys == ["steps", "passed", "failed", "skipped", "errored", "requests", "retries", "polls"])
    }

    @Test func emptyRun() {
        #expect(RunSummary(steps: []) == RunSummary(steps: 0, passed: 0, failed: 0, skipped: 0, requests: 0, retries: 0))
        #expect(RunStatus(steps: []) == .passed)
    }

    @Test(arguments: [
        ([StepStatus.passed, .passed], RunStatus.passed),
        ([.passed, .skipped], .passed),
        ([.skipped, .skipped], .skipped),
        ([.passed, .error], .error),
        ([.error, .failed, .passed], .failed),
        ([.skipped, .failed], .failed),
        ([.error, .skipped], .error),
    ])
    func runStatusFromSteps(statuses: [StepStatus], expected: RunStatus) {
        #expect(RunStatus(steps: statuses.map { Self.step($0) }) == expected)
        #expect(RunStatus(combining: statuses) == expected)
    }

    @Test func aggregateOfRuns() {
        let report = Samples.runs
        #expect(report.status == .failed)
        #expect(report.summary.runs == 2)
        #expect(report.summary.runsPassed == 1)
        #expect(report.summary.runsFailed == 1)
        #expect(report.summary.runsSkipped == 0)
        #expect(report.summary.runsErrored == 0)
        #expect(report.summary.steps == RunSummary(steps: 6, passed: 4, failed: 1, skipped: 1, requests: 7, retries: 2))
        let keys = report.summary.jsonValue.objectValue?.keys
        #expect(keys == [
            "runs", "runsPassed", "runsFailed", "runsSkipped", "runsErrored",
            "steps", "passed", "failed", "skipped", "errored", "requests", "retries", "polls",
        ])
    }

    @Test func aggregateOfPassingRunsPasses() {
        let report = RunsReport(runs: [Samples.passingRun, Samples.passingRun])
        #expect(report.status == .passed)
        #expect(report.summary.runsPassed == 2)
        #expect(report.summary.steps.requests == 6)
        #expect(RunsReport(runs: []).status == .passed)
    }

    @Test func failureOfFailedAssertionsListsEveryOne() throws {
        let a = AssertionReport(expression: "a", passed: false, location: Samples.location(1, 1), expected: 1, actual: 2)
        let b = AssertionReport(expression: "b", passed: true, location: nil)
        let c = AssertionReport(expression: "c", passed: false, location: nil, expected: "x", actual: nil, message: "c failed")
        let failure = try #require(Failure(failedAssertionsOf: [a, b, c]))
        #expect(failure.kind == .assertion)
        #expect(failure.assertions == [a, c])
        #expect(failure.expected == 1)
        #expect(failure.actual == 2)
        #expect(failure.location == Samples.location(1, 1))
        #expect(failure.message == "2 assertions failed")
        #expect(Failure(failedAssertionsOf: [b]) == nil)
        #expect(Failure(failedAssertionsOf: [c])?.message == "c failed")
    }

    @Test func errorKindsAreTheContractsKinds() {
        #expect(ErrorKind.allCases.map(\.rawValue) == [
            "network", "timeout", "http", "invalidJson", "noData", "graphql", "userErrors", "assertion", "poll", "cast",
            "template", "apiVersion",
        ])
    }
}
