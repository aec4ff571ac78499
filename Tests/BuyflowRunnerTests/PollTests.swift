import Buy
import BuyflowCore
import BuyflowReport
import Testing
@testable import BuyflowRunner

/// `poll`: intervals from expressions, `failIf`, running out of attempts or time.
@Suite struct PollTests {
    static let processing = Reply.data(#"{"cartCompletionAttempt":{"__typename":"CartCompletionProcessing","pollDelay":250}}"#)
    static let success = Reply.data(#"{"cartCompletionAttempt":{"__typename":"CartCompletionSuccess","orderId":"gid://shopify/Order/1"}}"#)
    static let failed = Reply.data(#"{"cartCompletionAttempt":{"__typename":"CartCompletionFailed"}}"#)

    static func workflow(_ poll: String) -> String {
        """
        version: 1
        name: Poll
        steps:
          - name: Wait
            query: |
              query Attempt { cartCompletionAttempt(attemptId: "a1") {
                __typename
                ... on CartCompletionProcessing { pollDelay }
                ... on CartCompletionSuccess { orderId }
              } }
            poll: \(poll)
            assert: ['data.cartCompletionAttempt.orderId matches "^gid://shopify/Order/"']
            capture: {orderId: data.cartCompletionAttempt.orderId}
        """
    }

    static let untilSuccess = #"data.cartCompletionAttempt.__typename == \"CartCompletionSuccess\""#
    static let failIfFailed = #"data.cartCompletionAttempt.__typename == \"CartCompletionFailed\""#

    @Test func pollsWithTheDelayTheResponseGives() async throws {
        let harness = Harness(replies: [Self.processing, Self.processing, Self.success])
        let observer = RecordingObserver()
        let report = try await harness.run(
            Self.workflow(#"{until: "\#(Self.untilSuccess)", interval: data.cartCompletionAttempt.pollDelay, maxAttempts: 5}"#),
            observer: observer
        )
        let step = try report.step("Wait")
        #expect(step.status == .passed)
        #expect(harness.clock.sleeps == [.milliseconds(250), .milliseconds(250)])
        #expect(step.attempts.map(\.startOffset) == [.zero, .milliseconds(250), .milliseconds(500)])
        #expect(step.attempts.allSatisfy { $0.errorKind == nil })
        #expect(step.captures["orderId"] == "gid://shopify/Order/1")
        #expect(step.assertions.map(\.passed) == [true])
        #expect(observer.events.filter { $0 == "poll wait 250ms" }.count == 2)
    }

    @Test func failIfEndsThePollAtOnce() async throws {
        let harness = Harness(replies: [Self.processing, Self.failed, Self.success])
        let report = try await harness.run(Self.workflow(
            #"{until: "\#(Self.untilSuccess)", failIf: "\#(Self.failIfFailed)", interval: 1s}"#
        ))
        let step = try report.step("Wait")
        #expect(step.attempts.count == 2)
        #expect(step.failure?.kind == .poll)
        #expect(step.failure?.message == "'failIf' held on attempt 2: \(Self.failIfFailed.replacingOccurrences(of: "\\\"", with: "\""))")
        #expect(step.attempts.last?.errorKind == .poll)
        #expect(step.assertions.isEmpty)
    }

    @Test func runningOutOfAttemptsShowsTheLastResponse() async throws {
        let harness = Harness(replies: [Self.processing])
        let report = try await harness.run(Self.workflow(
            #"{until: "\#(Self.untilSuccess)", interval: 100ms, backoff: exponential, maxInterval: 300ms, maxAttempts: 5}"#
        ))
        let step = try report.step("Wait")
        #expect(step.attempts.count == 5)
        #expect(harness.clock.sleeps == [.milliseconds(100), .milliseconds(200), .milliseconds(300), .milliseconds(300)])
        #expect(step.failure?.kind == .poll)
        #expect(step.failure?.actual == ["cartCompletionAttempt": ["__typename": "CartCompletionProcessing", "pollDelay": 250]])
    }

    @Test func runningOutOfTimeFailsBeforeWaitingPastTheTimeout() async throws {
        let harness = Harness(replies: [Self.processing])
        let report = try await harness.run(Self.workflow(
            #"{until: "\#(Self.untilSuccess)", interval: 1s, timeout: 2500ms}"#
        ))
        let step = try report.step("Wait")
        #expect(step.attempts.count == 3)
        #expect(harness.clock.sleeps == [.seconds(1), .seconds(1)])
        #expect(step.failure?.kind == .poll)
        #expect(step.failure?.message.hasPrefix("poll timed out after 2.5s (3 attempts)") == true)
    }
}
