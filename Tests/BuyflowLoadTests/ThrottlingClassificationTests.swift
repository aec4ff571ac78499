import Buy
import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import Synchronization
import Testing

/// How requests are counted: throttled answers (429, `SubmitThrottled`, `THROTTLED` user
/// errors) apart from errors, check failures as errors of their kind, and the timeline.
@Suite struct ThrottlingClassificationTests {
    static let submitWorkflow = """
        version: 1
        name: Submit
        steps:
          - name: Submit
            id: submit
            mutation: |
              mutation Submit($cartId: ID!) {
                cartSubmitForCompletion(cartId: $cartId, attemptToken: "t") {
                  result { __typename ... on SubmitSuccess { attemptId } }
                  userErrors { field message code }
                }
              }
            variables:
              cartId: gid://shopify/Cart/1
            assert:
              - data.cartSubmitForCompletion.result.__typename == "SubmitSuccess"
        """

    /// Answers in turn: success, SubmitThrottled, a THROTTLED user error, a 429 with
    /// Retry-After, a failed assertion (SubmitFailed), a 503.
    static func stub() -> Graph.StubTransport {
        let answers = [
            (200, #"{"data":{"cartSubmitForCompletion":{"result":{"__typename":"SubmitSuccess","attemptId":"a"},"userErrors":[]}}}"#, [:]),
            (200, #"{"data":{"cartSubmitForCompletion":{"result":{"__typename":"SubmitThrottled"},"userErrors":[]}}}"#, [:]),
            (200, #"{"data":{"cartSubmitForCompletion":{"result":null,"userErrors":[{"field":null,"message":"slow down","code":"THROTTLED"}]}}}"#, [:]),
            (429, #"{"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED"}}]}"#, ["Retry-After": "0"]),
            (200, #"{"data":{"cartSubmitForCompletion":{"result":{"__typename":"SubmitFailed"},"userErrors":[]}}}"#, [:]),
            (503, #"{"errors":[{"message":"unavailable"}]}"#, [:]),
        ]
        let counter = Atomic<Int>(0)
        return Graph.StubTransport { _ in
            let (status, body, headers) = answers[counter.add(1, ordering: .relaxed).oldValue % answers.count]
            var fields = Graph.HTTPHeaders()
            fields["Content-Type"] = "application/json"
            for (name, value) in headers { fields[name] = value }
            return Graph.HTTPResponse(status: status, headers: fields, body: Data(body.utf8))
        }
    }

    @Test func throttledAnswersAreNotErrorsAndCheckFailuresAreErrorsOfTheirKind() async throws {
        let workflow = try SampleShopLoadTests.load(Self.submitWorkflow)
        var options = RunOptions()
        let stub = Self.stub()
        options.makeTransport = { _ in stub }
        let plan = LoadPlan(vus: 1, iterations: 60, thresholds: try SampleShopLoadTests.thresholds("throttle_rate(step:submit) >= 50%", "error_rate(op:Submit) <= 34%"))
        let report = await LoadRunner(plan: plan, options: options).run(workflow, target: RunTarget(endpoint: URL(string: "http://shop.test/api/2026-04/graphql.json")!))
        #expect(report.requests.count == 60)
        #expect(report.throttled.count == 30)
        #expect(report.errors == ["assertion": 10, "http503": 10], "\(report.errors)")
        #expect(report.iterations.failed == 50)
        #expect(report.thresholds.map(\.passed) == [true, true], "\(report.thresholds)")
        #expect(report.status == .passed)
    }

    @Test func theRecorderCountsSecondBySecondOnItsClock() async throws {
        let clock = VirtualLoadClock()
        let recorder = MetricsRecorder(steps: ["a", "b"], operations: ["A"], clock: clock)
        clock.enter()
        recorder.record(step: "a", operation: "A", duration: .milliseconds(5), outcome: .ok)
        recorder.record(step: "b", operation: nil, duration: .milliseconds(7), outcome: .throttled)
        try await clock.sleep(for: .milliseconds(1500))
        recorder.record(step: "a", operation: "A", duration: .milliseconds(9), outcome: .error("http503"))
        recorder.record(step: "a", operation: "A", duration: .milliseconds(3), outcome: .ok)
        recorder.recordCheckFailure(step: "a", operation: "A", key: "assertion")
        try await clock.sleep(for: .seconds(2))
        recorder.record(step: "c", operation: nil, duration: .milliseconds(1), outcome: .ok)
        clock.leave()
        let metrics = recorder.snapshot()
        #expect(metrics.timeline.map(\.requests) == [2, 2, 0, 1])
        #expect(metrics.timeline.map(\.errors) == [0, 2, 0, 0])
        #expect(metrics.timeline.map(\.throttled) == [1, 0, 0, 0])
        #expect(metrics.steps.keys == ["a", "b", "c"])
        #expect(metrics.steps["a"]?.errors == ["http503": 1, "assertion": 1])
        #expect(metrics.steps["b"]?.throttled == 1)
        #expect(metrics.operations["A"]?.requests == 3)
        #expect(metrics.all.requests == 5)
        #expect(metrics.all.errorCount == 2)
        #expect(metrics.all.latency.max == .milliseconds(9))
        let live = recorder.live()
        #expect(live.requests == 5 && live.errors == 2 && live.throttled == 1)
    }
}
