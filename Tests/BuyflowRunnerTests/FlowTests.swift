import Buy
import BuyflowCore
import BuyflowReport
import Testing
@testable import BuyflowRunner

/// Order, `finally`, `if`, tags, fail-fast, `continueOnError`.
@Suite struct FlowTests {
    static let shopReply = Reply.data(#"{"shop":{"name":"Sample Shoes"}}"#)

    static func step(_ name: String, operation: String, assert: String = "data.shop.name == \"Sample Shoes\"", extra: String = "") -> String {
        """
          - name: \(name)
            query: "query \(operation) { shop { name } }"
            assert:
              - '\(assert)'
        \(extra)
        """
    }

    @Test func stepsRunInOrderThenFinallyAndAFailureSkipsTheRest() async throws {
        let harness = Harness(replies: [Self.shopReply])
        let observer = RecordingObserver()
        let report = try await harness.run("""
            version: 1
            name: Order
            steps:
            \(Self.step("First", operation: "A"))
            \(Self.step("Second", operation: "B", assert: "data.shop.name == \"Other\""))
            \(Self.step("Third", operation: "C"))
            finally:
            \(Self.step("Clean up", operation: "D"))
            """, observer: observer)
        #expect(harness.operationNames == ["A", "B", "D"])
        #expect(report.steps.map(\.name) == ["First", "Second", "Third", "Clean up"])
        #expect(report.steps.map(\.status) == [.passed, .failed, .skipped, .passed])
        #expect(try report.step("Third").skipReason == "step 'Second' failed")
        #expect(report.status == .failed)
        #expect(report.summary == RunSummary(steps: 4, passed: 2, failed: 1, skipped: 1, requests: 3, retries: 0))
        #expect(observer.events.first == "run Order 4")
        #expect(observer.events.contains("finished Third skipped"))
        #expect(observer.events.last == "done failed")
    }

    @Test func aFailedFinallyStepDoesNotStopTheOtherFinallySteps() async throws {
        let harness = Harness(replies: [Self.shopReply])
        let report = try await harness.run("""
            version: 1
            name: Finally
            steps:
            \(Self.step("Main", operation: "A"))
            finally:
            \(Self.step("Undo one", operation: "B", assert: "false"))
            \(Self.step("Undo two", operation: "C"))
            """)
        #expect(report.steps.map(\.status) == [.passed, .failed, .passed])
        #expect(report.status == .failed)
    }

    @Test func ifFalseSkipsTheStepWithItsCondition() async throws {
        let harness = Harness(replies: [Self.shopReply])
        let report = try await harness.run("""
            version: 1
            name: Conditions
            vars: {enabled: false}
            steps:
            \(Self.step("Skipped", operation: "A", extra: "    if: vars.enabled"))
            \(Self.step("Run", operation: "B", extra: "    if: '!vars.enabled'"))
            """)
        #expect(harness.operationNames == ["B"])
        #expect(try report.step("Skipped").status == .skipped)
        #expect(try report.step("Skipped").skipReason == "'if' is false: vars.enabled")
        #expect(report.status == .passed)
    }

    @Test func tagsSelectStepsAndUntaggedFinallySteps() async throws {
        let harness = Harness(replies: [Self.shopReply])
        let report = try await harness.run("""
            version: 1
            name: Tags
            steps:
            \(Self.step("Smoke", operation: "A", extra: "    tags: [smoke]"))
            \(Self.step("Slow", operation: "B", extra: "    tags: [slow]"))
            \(Self.step("Untagged", operation: "C"))
            finally:
            \(Self.step("Always", operation: "D"))
            \(Self.step("Slow clean-up", operation: "E", extra: "    tags: [slow]"))
            """, tags: ["smoke"])
        #expect(harness.operationNames == ["A", "D"])
        #expect(report.steps.map(\.name) == ["Smoke", "Always"])
    }

    @Test func continueOnErrorRunsTheNextStepsAndAMissingCaptureIsATemplateError() async throws {
        let harness = Harness(replies: [Self.shopReply])
        let report = try await harness.run("""
            version: 1
            name: Continue
            steps:
              - name: Make name
                query: "query A { shop { name } }"
                continueOnError: true
                assert: ['data.shop.name == "x"']
                capture: {shopName: data.shop.name}
              - name: Independent
                query: "query B { shop { name } }"
              - name: Needs name
                query: "query C($n: String!) { product(handle: $n) { id } }"
                variables: {n: "${{ shopName }}"}
            """)
        #expect(harness.operationNames == ["A", "B"])
        #expect(report.steps.map(\.status) == [.failed, .passed, .failed])
        let failure = try #require(try report.step("Needs name").failure)
        #expect(failure.kind == .template)
        #expect(failure.message == "template ${{ shopName }} in variable 'n': 'shopName' was not captured: step 'Make name' failed")
        #expect(failure.location?.line == 13)
        #expect(report.status == .failed)
    }

    @Test func failFastOverridesContinueOnError() async throws {
        let harness = Harness(replies: [Self.shopReply])
        let report = try await harness.run("""
            version: 1
            name: Fail fast
            steps:
            \(Self.step("Fails", operation: "A", assert: "false", extra: "    continueOnError: true"))
            \(Self.step("Next", operation: "B"))
            finally:
            \(Self.step("Still runs", operation: "C"))
            """, failFast: true)
        #expect(report.steps.map(\.status) == [.failed, .skipped, .passed])
        #expect(harness.operationNames == ["A", "C"])
    }

    @Test func sleepStepsWaitOnTheClock() async throws {
        let harness = Harness(replies: [Self.shopReply])
        let report = try await harness.run("""
            version: 1
            name: Sleep
            vars: {pause: 750ms}
            steps:
              - name: Pause
                sleep: 2s
              - name: Templated pause
                sleep: ${{ vars.pause }}
            \(Self.step("After", operation: "A"))
            """)
        #expect(harness.clock.sleeps == [.seconds(2), .milliseconds(750)])
        #expect(try report.step("Pause").duration == .seconds(2))
        #expect(try report.step("After").attempts.first?.startOffset == .milliseconds(2750))
        #expect(report.duration == .milliseconds(2750))
        #expect(try report.step("Pause").operation == nil)
    }
}
