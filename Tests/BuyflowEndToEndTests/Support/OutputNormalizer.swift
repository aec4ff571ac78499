import BuyflowCore
import BuyflowReport
import Foundation

/// Replaces the parts of buyflow's output that change from run to run (durations, ports,
/// request ids, cart and order ids, temporary paths) with placeholders, so that output
/// can be compared with a golden file.
enum OutputNormalizer {
    private static let rules: [(NSRegularExpression, String)] = [
        // A right-aligned duration column or an inline duration: `   2.5 ms`, `1.23 s`.
        (#"[ ]*\b\d+(?:\.\d+)? (?:ms|s)\b"#, " <time>"),
        (#"127\.0\.0\.1:\d+"#, "127.0.0.1:<port>"),
        (#"\breq-\d+\b"#, "req-<n>"),
        (#"gid://shopify/(Cart|Order|CartLine)/[A-Za-z0-9._~?=&%-]+"#, "gid://shopify/$1/<id>"),
        (#"(/tmp|/var/folders)/[^\s"']*"#, "<tmp>"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    static func normalize(_ text: String) -> String {
        var text = text
        for (expression, template) in rules {
            text = expression.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }

    /// The stable parts of run reports as pretty JSON, normalized: per run its workflow,
    /// row, status and summary counts; per step its id, name, status, skip reason,
    /// operation, location, attempts (status and error kind), assertions (expression,
    /// passed, expected, actual), capture names and failure (kind, message, expected,
    /// actual, location).
    static func projection(_ runs: [RunReport]) -> String {
        let value: JSONValue = .array(runs.map(project))
        return normalize(String(decoding: JSONSerializer(pretty: true).bytes(value), as: UTF8.self)) + "\n"
    }

    private static func project(_ run: RunReport) -> JSONValue {
        var object = JSONObject()
        object["workflow"] = run.workflow.jsonValue
        if let row = run.row { object["row"] = .int(row.index) }
        object["status"] = .string(run.status.rawValue)
        let s = run.summary
        object["summary"] = [
            "steps": .int(s.steps), "passed": .int(s.passed), "failed": .int(s.failed), "skipped": .int(s.skipped),
            "requests": .int(s.requests), "retries": .int(s.retries),
        ]
        object["steps"] = .array(run.steps.map(project))
        object["warnings"] = .array(run.warnings.map { .string("\($0.kind.rawValue): \($0.message)") })
        return .object(object)
    }

    private static func project(_ step: StepReport) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(step.id)
        object["name"] = .string(step.name)
        object["status"] = .string(step.status.rawValue)
        if let reason = step.skipReason { object["skipReason"] = .string(reason) }
        object["operation"] = step.operation.map { .string("\($0.type.rawValue) \($0.name ?? "(anonymous)")") } ?? .null
        object["location"] = step.location.map { .string($0.description) } ?? .null
        object["attempts"] = .array(
            step.attempts.map { attempt in
                .string(
                    "\(attempt.httpStatus.map(String.init) ?? "no response") \(attempt.errorKind?.rawValue ?? "ok")")
            })
        object["assertions"] = .array(step.assertions.map(project))
        object["captures"] = .array(step.captures.keys.map(JSONValue.string))
        if let failure = step.failure {
            var projected = JSONObject()
            projected["kind"] = .string(failure.kind.rawValue)
            projected["message"] = .string(failure.message)
            if let expected = failure.expected { projected["expected"] = expected }
            if let actual = failure.actual { projected["actual"] = actual }
            if let location = failure.location { projected["location"] = .string(location.description) }
            object["failure"] = .object(projected)
        }
        return .object(object)
    }

    private static func project(_ assertion: AssertionReport) -> JSONValue {
        var object = JSONObject()
        object["expression"] = .string(assertion.expression)
        object["passed"] = .bool(assertion.passed)
        if let expected = assertion.expected { object["expected"] = expected }
        if let actual = assertion.actual { object["actual"] = actual }
        return .object(object)
    }
}
