import BuyflowCore
import BuyflowReport

/// Reports with the awkward cases the renderers must survive: markup and control
/// characters in names and bodies, repeated step names, a step that could not run, poll
/// rounds, retries that run out, several failed assertions.
enum RenderSamples {
    static let file = "./flows/eu/checkout.v2.yml"

    static func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static var poll: StepReport {
        StepReport(
            id: "await-order", name: "Await order", status: .passed,
            operation: OperationInfo(type: .query, name: "CompletionAttempt"), location: location(30, 5),
            duration: .milliseconds(118),
            attempts: (1...5).map { number in
                AttemptReport(
                    number: number, startOffset: .milliseconds(10 + (number - 1) * 25), duration: .milliseconds(8),
                    httpStatus: 200, requestId: "poll-\(number)")
            }
        )
    }

    static var flaky: StepReport {
        let attempts = (1...3).map { number in
            AttemptReport(
                number: number, startOffset: .milliseconds(130 + (number - 1) * 30), duration: .milliseconds(12),
                httpStatus: 500, errorKind: .http, requestId: "r-\(number)",
                repro: number == 3 ? "curl -sS 'http://shop.test/api/2026-04/graphql.json' --data-raw '{}'" : nil,
                request: number == 3
                    ? HTTPExcerpt(headers: [.init(name: "Content-Type", value: "application/json")], body: "{\"query\":\"{ shop { name } }\"}")
                    : nil,
                response: number == 3
                    ? HTTPExcerpt(body: "<html>]]> oops \u{1B}[31m \u{0} </html>", bodyTruncated: true)
                    : nil
            )
        }
        return StepReport(
            id: "lines-add", name: "Add line", status: .failed,
            operation: OperationInfo(type: .mutation, name: "LinesAdd"), location: location(40, 5),
            duration: .milliseconds(102), attempts: attempts,
            failure: Failure(kind: .http, message: "HTTP 500 after 3 attempts", location: location(40, 5))
        )
    }

    static var twoAssertions: StepReport {
        let failed = [
            AssertionReport(
                expression: "data.cart.totalQuantity == 3", passed: false, location: location(52, 11),
                expected: 3, actual: 2, message: "expected 3, got 2"),
            AssertionReport(
                expression: "data.cart.note == \"<gift & \\\"wrap\\\">\"", passed: false, location: location(53, 11),
                expected: "<gift & \"wrap\">", actual: .null, message: "expected \"<gift & \\\"wrap\\\">\", got null"),
        ]
        return StepReport(
            id: "lines-add-2", name: "Add line", status: .failed,
            operation: OperationInfo(type: .mutation, name: "LinesAdd"), location: location(48, 5),
            duration: .milliseconds(9),
            attempts: [AttemptReport(number: 1, startOffset: .milliseconds(225), duration: .milliseconds(7), httpStatus: 200)],
            assertions: failed, failure: Failure(failedAssertionsOf: failed)
        )
    }

    static var broken: StepReport {
        StepReport(
            id: "pay", name: "Pay \u{1B}[1m#1 <now> & \"later\"\u{7}", status: .error, operation: nil,
            location: location(60, 5), duration: .zero,
            failure: Failure(kind: .template, message: "unknown capture 'cartId'\nin {{ cartId }}", location: location(62, 14))
        )
    }

    static var edge: RunReport {
        RunReport(
            workflow: WorkflowInfo(name: "EU checkout <v2> & \"friends\"", file: file),
            target: TargetInfo(url: "http://shop.test/api/2026-04/graphql.json", apiVersion: "2026-04"),
            startedAt: Samples.startedAt, duration: .milliseconds(240),
            steps: [poll, flaky, twoAssertions, broken]
        )
    }
}
