import BuyflowReport
import Foundation
import Testing

/// Each fault of the sample shop (and slow bodies from a scripted server) against the
/// same steps: a query with and without `retry`, a poll with and without `retry`, a
/// mutation without opt-in and one with `retry: {mutations: true}`. Checks each step's
/// outcome and every attempt's HTTP status and error kind, and counts what the server
/// received: no request is hidden from the report, and no mutation is sent twice
/// without opt-in.
@Suite("Fault matrix", .serialized, .enabled(if: Reliability.enabled, Reliability.why))
struct FaultMatrixTests {
    /// One step's expected outcome: its status and, per attempt, `<status> <kind>`
    /// (`- network` when no response came, `200 ok` when the attempt got through).
    struct Cell: CustomStringConvertible {
        var status: StepStatus
        var attempts: [String]
        var kind: ErrorKind?
        var description: String { "\(status.rawValue) \(kind?.rawValue ?? "-") \(attempts)" }
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var flags: [String]
        var vars: [String] = []
        var testDescription: String { name }
    }

    static let steps = ["Warm-up", "Query", "Query, retried", "Poll", "Poll, retried", "Mutation", "Mutation, opted in"]

    static func pass(_ attempts: Int = 1, polls: Int = 1) -> Cell {
        Cell(status: .passed, attempts: Array(repeating: "200 ok", count: attempts * polls))
    }

    static func fail(_ kind: ErrorKind, _ attempt: String, count: Int) -> Cell {
        Cell(status: .failed, attempts: Array(repeating: attempt, count: count), kind: kind)
    }

    /// What each fault does to each step.
    static let expectations: [(Fault, [Cell])] = [
        (Fault(name: "no fault", flags: []), steps.map { _ in pass() }),
        (Fault(name: "latency over the timeout", flags: ["--latency", "600ms"], vars: ["--var", "timeout=200ms"]), [
            fail(.timeout, "- timeout", count: 1),
            fail(.timeout, "- timeout", count: 1),
            fail(.timeout, "- timeout", count: 3),
            fail(.timeout, "- timeout", count: 1),
            fail(.timeout, "- timeout", count: 3),
            fail(.timeout, "- timeout", count: 1),
            fail(.timeout, "- timeout", count: 2),
        ]),
        (Fault(name: "latency under the timeout", flags: ["--latency", "50ms"]), steps.map { _ in pass() }),
        (Fault(name: "5xx", flags: ["--fail-rate", "1"]), [
            fail(.http, "503 http", count: 1),
            fail(.http, "503 http", count: 1),
            fail(.http, "503 http", count: 3),
            fail(.http, "503 http", count: 1),
            fail(.http, "503 http", count: 3),
            fail(.http, "503 http", count: 1),
            fail(.http, "503 http", count: 2),
        ]),
        (Fault(name: "dropped connections", flags: ["--drop-rate", "1"]), [
            fail(.network, "- network", count: 1),
            fail(.network, "- network", count: 1),
            fail(.network, "- network", count: 3),
            fail(.network, "- network", count: 1),
            fail(.network, "- network", count: 3),
            fail(.network, "- network", count: 1),
            fail(.network, "- network", count: 2),
        ]),
        (Fault(name: "partial GraphQL errors", flags: ["--error-rate", "1"]), [
            // HTTP 200 with `errors` got through the transport: never retried, nor polled again.
            fail(.graphql, "200 graphql", count: 1),
            fail(.graphql, "200 graphql", count: 1),
            fail(.graphql, "200 graphql", count: 1),
            fail(.graphql, "200 graphql", count: 1),
            fail(.graphql, "200 graphql", count: 1),
            fail(.graphql, "200 graphql", count: 1),
            fail(.graphql, "200 graphql", count: 1),
        ]),
    ]

    static func outcome(_ step: StepReport) -> Cell {
        Cell(
            status: step.status,
            attempts: step.attempts.map { "\($0.httpStatus.map(String.init) ?? "-") \($0.errorKind?.rawValue ?? "ok")" },
            kind: step.failure?.kind)
    }

    static func check(_ run: ReportRun, _ cells: [Cell], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for (name, expected) in zip(steps, cells) {
            let actual = outcome(try run.step(name, sourceLocation: sourceLocation))
            #expect(
                actual.description == expected.description, "step '\(name)'", sourceLocation: sourceLocation)
        }
    }

    @Test("every shop fault against retry and poll", arguments: expectations.map(\.0))
    func shopFault(_ fault: Fault) async throws {
        let cells = try #require(Self.expectations.first { $0.0.name == fault.name }?.1)
        try await Shop.with(fault.flags + ["--seed", "7"]) { shop in
            let run = try await ReportRun.run(
                [Paths.workflow("fault-matrix.yaml"), "--url", shop.url.absoluteString] + fault.vars)
            #expect(run.output.exitCode == (fault.name.hasPrefix("latency under") || fault.name == "no fault" ? 0 : 1), "\(run.output.combined)")
            try Self.check(run, cells)
            // The shop received exactly the attempts the report lists (the count request
            // itself is numbered after them).
            let reported = try #require(run.report).steps.reduce(0) { $0 + $1.attempts.count }
            if fault.name != "dropped connections" {
                #expect(try await shop.requestsReceived() == reported, "the shop saw other requests than the report lists")
            }
        }
    }

    @Test("429 with Retry-After: retried after the wait the shop asks for; a mutation only with opt-in")
    func throttled() async throws {
        try await Shop.with(["--throttle", "1/s"]) { shop in
            let run = try await ReportRun.run([Paths.workflow("fault-matrix.yaml"), "--url", shop.url.absoluteString])
            #expect(run.output.exitCode == 1, "\(run.output.combined)")
            // The warm-up takes the one token; each step after it meets a 429 first.
            try Self.check(run, [
                Self.pass(),
                Self.fail(.http, "429 http", count: 1),
                Cell(status: .passed, attempts: ["429 http", "200 ok"]),
                Self.fail(.http, "429 http", count: 1),
                Cell(status: .passed, attempts: ["429 http", "200 ok"]),
                Self.fail(.http, "429 http", count: 1),
                Cell(status: .passed, attempts: ["429 http", "200 ok"]),
            ])
            for name in ["Query, retried", "Poll, retried", "Mutation, opted in"] {
                let attempts = try run.step(name).attempts
                let waited = attempts[1].startOffset - attempts[0].startOffset
                #expect(waited >= .milliseconds(900), "\(name): Retry-After honoured, waited \(waited)")
            }
        }
    }

    @Test("slow bodies: a body trickling in past the timeout is a timeout; within it, it passes")
    func slowBodies() async throws {
        let body = #"{"data":{"shop":{"name":"Sample Shoes"},"cartCreate":{"cart":{"id":"gid://shopify/Cart/1"},"userErrors":[]}}}"#
        // 10 pieces 100 ms apart: about 1 s for the body, against a 300 ms timeout.
        let slow = try SlowBodyServer(body: body, pieces: 10, pause: .milliseconds(100))
        defer { slow.stop() }
        let run = try await ReportRun.run([Paths.workflow("fault-matrix.yaml"), "--url", slow.url, "--var", "timeout=300ms"])
        #expect(run.output.exitCode == 1)
        try Self.check(run, Self.expectations.first { $0.0.name == "latency over the timeout" }!.1)
        // The server read one request per reported attempt; each mutation at most as
        // often as it opted in.
        let reported = try #require(run.report).steps.reduce(0) { $0 + $1.attempts.count }
        #expect(slow.requests.count == reported)
        #expect(slow.requests.count { $0.contains("mutation Once") } == 1)
        #expect(slow.requests.count { $0.contains("mutation OptedIn") } == 2)

        // 4 pieces 50 ms apart: the body is whole within the timeout.
        let quick = try SlowBodyServer(body: body, pieces: 4, pause: .milliseconds(50))
        defer { quick.stop() }
        let passed = try await ReportRun.run([Paths.workflow("fault-matrix.yaml"), "--url", quick.url, "--var", "timeout=2s"])
        #expect(passed.output.exitCode == 0, "\(passed.output.combined)")
        try Self.check(passed, Self.steps.map { _ in Self.pass() })
    }
}
