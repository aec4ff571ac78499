import BuyflowCore
import Foundation
import Testing
@testable import BuyflowWorkflow

/// `OutOfLine` keeps a step's `poll` behind one reference: it reads back what was written,
/// nil stays nil, and a copy keeps its value when the original is written again. The same
/// for `RetryPolicy`'s fields, kept in a box of their own.
struct OutOfLineTests {
    struct Holder {
        @OutOfLine var value: [Int]?
    }

    @Test func readsBackWhatWasWrittenAndCopiesStayApart() {
        var holder = Holder(value: nil)
        #expect(holder.value == nil)
        holder.value = [1, 2, 3]
        #expect(holder.value == [1, 2, 3])
        let copy = holder
        holder.value = [4]
        #expect(copy.value == [1, 2, 3])
        #expect(holder.value == [4])
        holder.value = nil
        #expect(holder.value == nil && copy.value == [1, 2, 3])
    }

    /// `RetryPolicy` keeps its fields in one shared box: a copy changed is a policy of its
    /// own, the original (here the shared default) as it was.
    @Test func aRetryPolicyCopyChangesAlone() {
        var policy = RetryPolicy.default
        policy.attempts = .literal(1)
        policy.on = [.network]
        policy.mutations = true
        #expect(policy.attempts.literal == 1 && policy.on == [.network] && policy.mutations)
        #expect(RetryPolicy.default.attempts.literal == 3 && !RetryPolicy.default.mutations)
        #expect(RetryPolicy.default.on == [.network, .timeout, .http5xx, .http429])
        #expect(policy.interval.literal == .milliseconds(200) && policy.backoff == .exponential)
    }

    @Test func aLoadedStepKeepsItsPollPolicy() throws {
        let text = """
            version: 1
            name: Poll
            steps:
              - name: Wait
                query: "{ shop { name } }"
                poll:
                  until: data.shop.name == "x"
                  interval: 50ms
                  maxAttempts: 4
              - name: Once
                query: "{ shop { name } }"
            """
        let folder = try LoaderInputTests.TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("poll.yaml", text)
        let result = WorkflowLoader.load(path: path, options: Fixtures.options())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { $0.message })")
        let workflow = try #require(result.workflow)
        let steps = workflow.steps
        #expect(steps[0].poll?.until.text == "data.shop.name == \"x\"")
        #expect(steps[0].poll?.maxAttempts.literal == 4)
        #expect(steps[1].poll == nil)
    }
}
