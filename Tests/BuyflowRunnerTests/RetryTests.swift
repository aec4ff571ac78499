import Buy
import BuyflowCore
import BuyflowReport
import Foundation
import Synchronization
import Testing
@testable import BuyflowRunner

/// Transport retries: backoff timings on the manual clock, `Retry-After`, conditions,
/// mutations, timeouts.
@Suite struct RetryTests {
    static let ok = Reply.data(#"{"shop":{"name":"Sample Shoes"}}"#)
    static let query = #"query: "query Shop { shop { name } }""#

    @Test func exponentialBackoffFromTheDefaults() async throws {
        let harness = Harness(replies: [.json("{}", status: 503), .json("{}", status: 502), Self.ok])
        let observer = RecordingObserver()
        let report = try await harness.run("""
            version: 1
            name: Retry
            steps:
              - name: Shop
                \(Self.query)
            """, observer: observer)
        let step = try report.step("Shop")
        #expect(step.status == .passed)
        #expect(harness.clock.sleeps == [.milliseconds(200), .milliseconds(400)])
        #expect(step.attempts.map(\.startOffset) == [.zero, .milliseconds(200), .milliseconds(600)])
        #expect(step.attempts.map(\.errorKind) == [.http, .http, nil])
        #expect(step.attempts.map(\.httpStatus) == [503, 502, 200])
        #expect(step.attempts[0].repro != nil && step.attempts[2].repro == nil)
        #expect(report.summary.requests == 3 && report.summary.retries == 2)
        #expect(observer.events.contains("retry wait 400ms"))
    }

    @Test func linearBackoffIsCappedByMaxInterval() async throws {
        let harness = Harness(replies: [.failure(.network)])
        let report = try await harness.run("""
            version: 1
            name: Retry
            steps:
              - name: Shop
                \(Self.query)
                retry: {attempts: 4, backoff: linear, interval: 100ms, maxInterval: 250ms}
            """)
        let step = try report.step("Shop")
        #expect(harness.clock.sleeps == [.milliseconds(100), .milliseconds(200), .milliseconds(250)])
        #expect(step.attempts.count == 4)
        #expect(step.failure?.kind == .network)
        #expect(step.failure?.message == "network error: connection refused (after 4 attempts)")
    }

    @Test func retryAfterIsHonoured() async throws {
        let harness = Harness(replies: [.json(#"{"errors":[{"message":"Throttled"}]}"#, status: 429, headers: [("Retry-After", "3")]), Self.ok])
        let report = try await harness.run("""
            version: 1
            name: Retry
            steps:
              - name: Shop
                \(Self.query)
            """)
        #expect(harness.clock.sleeps == [.seconds(3)])
        #expect(report.status == .passed)
    }

    @Test(arguments: [
        (RetryConditionCase(on: "[http5xx]", reply: .json("{}", status: 404)), 1),
        (RetryConditionCase(on: "[http4xx]", reply: .json("{}", status: 404)), 3),
        (RetryConditionCase(on: "[network]", reply: .json("not json")), 1),
        (RetryConditionCase(on: "[invalidJson]", reply: .json("not json")), 3),
        (RetryConditionCase(on: "[timeout]", reply: .failure(.timeout)), 3),
        (RetryConditionCase(on: "[http5xx]", reply: .failure(.timeout)), 1),
        (RetryConditionCase(on: "[http5xx]", reply: .json(#"{"data":null,"errors":[{"message":"x"}]}"#)), 1),
    ])
    func onlyTheListedConditionsRetry(_ condition: RetryConditionCase, requests: Int) async throws {
        let harness = Harness(replies: [condition.reply])
        _ = try await harness.run("""
            version: 1
            name: Retry
            steps:
              - name: Shop
                \(Self.query)
                retry: {attempts: 3, on: \(condition.on)}
            """)
        #expect(harness.stub.requests.count == requests)
    }

    @Test func mutationsAreNotRepeatedUnlessTheStepSaysSo() async throws {
        let failing = Harness(replies: [.json("{}", status: 503)])
        let once = try await failing.run("""
            version: 1
            name: Mutation
            steps:
              - name: Create
                mutation: "mutation C { cartCreate { cart { id } userErrors { code } } }"
                retry: {attempts: 5}
            """)
        #expect(failing.stub.requests.count == 1)
        #expect(try once.step("Create").failure?.kind == .http)

        let optedIn = Harness(replies: [.json("{}", status: 503)])
        _ = try await optedIn.run("""
            version: 1
            name: Mutation
            steps:
              - name: Create
                mutation: "mutation C { cartCreate { cart { id } userErrors { code } } }"
                retry: {mutations: true, attempts: 3}
            """)
        #expect(optedIn.stub.requests.count == 3)
    }

    @Test func aSlowAnswerTimesOutOnTheClockAndIsRetried() async throws {
        let clockBox = Mutex<ManualRunnerClock?>(nil)
        let harness = Harness { _ in
            let clock = clockBox.withLock { $0 }!
            try await clock.sleep(for: .seconds(5))
            return try Self.ok.response()
        }
        clockBox.withLock { $0 = harness.clock }
        let report = try await harness.run("""
            version: 1
            name: Timeout
            steps:
              - name: Shop
                \(Self.query)
                timeout: 2s
                retry: {attempts: 2, interval: 100ms}
            """)
        let step = try report.step("Shop")
        #expect(step.attempts.map(\.errorKind) == [.timeout, .timeout])
        #expect(step.failure?.kind == .timeout)
        #expect(step.failure?.message == "timed out after 2s (after 2 attempts)")
        #expect(harness.stub.requests.allSatisfy { $0.timeout == .seconds(2) })
    }

    @Test func aTimeoutCancelsTheRequest() async throws {
        let cancelled = Mutex(false)
        let clockBox = Mutex<ManualRunnerClock?>(nil)
        let harness = Harness { _ in
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
            return try Self.ok.response()
        }
        clockBox.withLock { $0 = harness.clock }
        let workflow = try harness.load("""
            version: 1
            name: Timeout
            steps:
              - name: Shop
                \(Self.query)
                timeout: 1s
                retry: {attempts: 1}
            """)
        let runner = WorkflowRunner(options: harness.options())
        async let reports = runner.run(workflow, target: RunTarget(endpoint: Harness.endpoint))
        // Let the request start, then pass its deadline.
        while harness.stub.requests.isEmpty { await Task.yield() }
        harness.clock.advance(by: .seconds(1))
        let report = try #require(await reports.first)
        #expect(try report.step("Shop").failure?.kind == .timeout)
        #expect(cancelled.withLock { $0 })
    }
}

struct RetryConditionCase: Sendable, CustomTestStringConvertible {
    var on: String
    var reply: Reply
    var testDescription: String { "on \(on), status \(reply.status)" }
}
