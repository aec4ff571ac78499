import BuyflowCore

/// Run reports as TAP version 13 (Test Anything Protocol): one test point per step,
/// numbered across every run, `# SKIP` for skipped steps, and a YAML diagnostic block
/// for each failure:
///
///     TAP version 13
///     1..4
///     # Checkout (workflows/checkout.yaml)
///     ok 1 - Checkout › Create cart
///     not ok 3 - Checkout › Apply discount
///       ---
///       message: "expected true, got false"
///       severity: fail
///       kind: assertion
///       expected: true
///       actual: false
///       location: "workflows/checkout.yaml:48:11"
///       ...
///     ok 4 - Checkout › Complete checkout # SKIP an earlier step failed
public struct TAPRenderer: Sendable {
    public init() {}

    public func render(_ report: RunReport) -> String { render(runs: [report]) }

    public func render(_ report: RunsReport) -> String { render(runs: report.runs) }

    public func render(_ document: RunDocument) -> String { render(runs: document.runs) }

    public func render(runs: [RunReport]) -> String {
        let total = runs.reduce(0) { $0 + $1.steps.count }
        var out = "TAP version 13\n1..\(total)\n"
        var number = 0
        for run in runs {
            out += "# " + Self.line("\(run.workflow.name) (\(run.workflow.file))") + "\n"
            for step in run.steps {
                number += 1
                out += testPoint(step, run: run, number: number)
            }
        }
        let summary = RunsSummary(runs: runs).steps
        var counts = ["\(summary.passed) passed", "\(summary.failed) failed"]
        if summary.skipped > 0 { counts.append("\(summary.skipped) skipped") }
        if summary.errored > 0 { counts.append("\(summary.errored) could not run") }
        out += "# " + counts.joined(separator: ", ") + "\n"
        return out
    }

    func testPoint(_ step: StepReport, run: RunReport, number: Int) -> String {
        let ok = step.status == .passed || step.status == .skipped
        var line = (ok ? "ok" : "not ok") + " \(number) - " + Self.description("\(run.workflow.name) › \(step.name)")
        if step.status == .skipped { line += " # SKIP " + Self.description(step.skipReason ?? "skipped") }
        line += "\n"
        if !ok { line += diagnostics(step) }
        return line
    }

    /// The YAML block of a failed step.
    func diagnostics(_ step: StepReport) -> String {
        var fields: [(String, JSONValue)] = []
        let failure = step.failure
        fields.append(("message", .string(failure?.message ?? step.skipReason ?? "the step could not run")))
        fields.append(("severity", .string(step.status == .failed ? "fail" : "error")))
        fields.append(("kind", .string(failure?.kind.rawValue ?? "error")))
        if let expected = failure?.expected { fields.append(("expected", expected)) }
        if let actual = failure?.actual { fields.append(("actual", actual)) }
        if let location = failure?.location ?? step.location { fields.append(("location", .string(location.description))) }
        fields.append(("step", .string(step.id)))
        if let operation = step.operation?.name { fields.append(("operation", .string(operation))) }
        fields.append(("durationMs", .double(RenderFormat.milliseconds(step.duration))))
        fields.append(("attempts", .int(step.attempts.count)))
        let failed = failure?.assertions.filter { !$0.passed } ?? []
        if failed.count > 1 {
            fields.append(("assertions", .array(failed.map { assertion in
                var object = JSONObject()
                object["expression"] = .string(assertion.expression)
                if let expected = assertion.expected { object["expected"] = expected }
                if let actual = assertion.actual { object["actual"] = actual }
                if let location = assertion.location { object["location"] = .string(location.description) }
                return .object(object)
            })))
        }
        if let attempt = RenderFormat.failedAttempt(of: step) {
            if let status = attempt.httpStatus { fields.append(("httpStatus", .int(status))) }
            if let id = attempt.requestId { fields.append(("requestId", .string(id))) }
            if let repro = attempt.repro { fields.append(("repro", .string(repro))) }
        }
        var out = "  ---\n"
        for (key, value) in fields { out += "  \(key): " + YAMLFlow.write(value) + "\n" }
        return out + "  ...\n"
    }

    /// A test point's description: one line, `#` escaped so it does not start a directive.
    static func description(_ text: String) -> String {
        line(text).replacing("\\", with: "\\\\").replacing("#", with: "\\#")
    }

    /// Text on one line: line breaks become spaces, control characters are dropped.
    static func line(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar == "\n" || scalar == "\r" || scalar == "\t" { return " " }
            return scalar.properties.generalCategory == .control ? nil : scalar
        }))
    }
}
