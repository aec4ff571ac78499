@testable import BuyflowReport
import BuyflowCore
import Testing

/// Comparing two run reports per step and per operation.
@Suite struct ReportComparisonTests {
    /// The sample run, changed: Read product slower, Create cart a little slower (under
    /// the thresholds), Apply discount fixed, Complete checkout gone, Pay new.
    static var after: RunReport {
        var run = Samples.run
        run.steps[0].duration = .microseconds(3_900)
        run.steps[1].duration = .microseconds(290_000)
        run.steps[1].attempts[1].duration = .microseconds(14_000)
        run.steps[2].status = .passed
        run.steps[2].failure = nil
        run.steps.removeLast()
        run.steps.append(StepReport(
            id: "pay", name: "Pay", status: .failed, operation: OperationInfo(type: .mutation, name: "Pay"),
            duration: .milliseconds(4), attempts: [AttemptReport(number: 1, startOffset: .milliseconds(300), duration: .milliseconds(4), httpStatus: 200)],
            failure: Failure(kind: .userErrors, message: "card declined")))
        run.duration = .milliseconds(310)
        return RunReport(
            workflow: run.workflow, target: run.target, startedAt: run.startedAt, duration: run.duration, steps: run.steps)
    }

    @Test func perStep() throws {
        let comparison = ReportComparison(before: [Samples.run], after: [Self.after])
        let byID = Dictionary(uniqueKeysWithValues: comparison.steps.map { ($0.id, $0) })
        #expect(comparison.steps.map(\.id) == ["create-cart", "product", "apply-discount", "pay", "complete"])
        #expect(byID["create-cart"]?.duration?.timing == .same)  // +0.8 ms, +25.8%: under 5 ms
        #expect(byID["product"]?.duration?.timing == .slower)
        #expect(byID["product"]?.isRegression == true)
        #expect(byID["apply-discount"]?.status == .better)
        #expect(byID["pay"]?.isAdded == true)
        #expect(byID["complete"]?.isRemoved == true)
        #expect(comparison.stepRegressions.map(\.id) == ["product"])
        let product = try #require(comparison.operations.first { $0.name == "Product" })
        #expect(product.duration?.timing == .slower)  // mean per request 2.155 ms → 7.935 ms
    }

    @Test func statusGettingWorseIsARegression() {
        let comparison = ReportComparison(before: [Self.after], after: [Samples.run])
        #expect(comparison.steps.first { $0.id == "apply-discount" }?.status == .worse)
        #expect(comparison.hasRegression)
        #expect(ReportComparison(before: [Samples.run], after: [Samples.run]).hasRegression == false)
    }

    @Test(arguments: [
        // before ms, after ms, expected
        (100.0, 121.0, DurationChange.Timing.slower), (100.0, 119.0, .same), (10.0, 14.9, .same), (10.0, 15.0, .slower),
        (100.0, 79.0, .faster), (0.0, 6.0, .slower), (0.0, 4.0, .same), (3.0, 3.0, .same),
    ])
    func thresholds(before: Double, after: Double, expected: DurationChange.Timing) {
        let change = DurationChange(
            before: .microseconds(Int64(before * 1000)), after: .microseconds(Int64(after * 1000)), thresholds: .standard)
        #expect(change.timing == expected)
    }

    @Test func configurableThresholds() {
        let thresholds = ComparisonThresholds(relative: 0.05, absolute: .microseconds(500))
        #expect(thresholds.timing(before: .milliseconds(10), after: .microseconds(10_600)) == .slower)
        #expect(thresholds.timing(before: .milliseconds(10), after: .microseconds(10_400)) == .same)
    }

    @Test func runsMatchByNameAndRepeatedNamesByOrder() {
        let comparison = ReportComparison(before: [Samples.run, Samples.run], after: [Samples.passingRun, Samples.run])
        #expect(comparison.runs.map(\.name) == ["Browse [eu]", "Checkout", "Checkout (2)"])
        #expect(comparison.runs[0].before == nil)
        #expect(comparison.runs[2].after == nil)
    }

    @Test func text() throws {
        let text = ComparisonTextRenderer(before: "before.json", after: "after.json")
            .render(ReportComparison(before: [Samples.run], after: [Self.after]))
        try Fixtures.golden.expect(text, at: "compare.txt")
    }

    @Test func json() throws {
        let comparison = ReportComparison(before: [Samples.run], after: [Self.after])
        let text = String(decoding: comparison.prettyJSON(before: "before.json", after: "after.json"), as: UTF8.self)
        try Fixtures.golden.expect(text, at: "compare.json")
        let json = comparison.jsonValue(before: "before.json", after: "after.json")
        #expect(json["format"] == "buyflow.compare/1")
        #expect(json["thresholds"]?["relativePercent"] == 20.0)
        #expect(json["thresholds"]?["absoluteMs"] == 5.0)
        #expect(json["steps"]?[1]?["timing"] == "slower")
        #expect(json["steps"]?[1]?["deltaMs"] == 77.66)
        #expect(json["summary"]?["regressions"] == 2)
        #expect(json["regression"] == true)
    }
}
