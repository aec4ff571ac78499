/// Run reports as JUnit XML, for CI systems (Jenkins, GitLab, GitHub test reporters):
/// one `<testsuite>` per run, one `<testcase>` per step.
///
/// - `classname` is the workflow file without its extension, `/` turned into `.`;
///   `file` and `line` say where the step is written; names are unique in a suite.
/// - A failed step has `<failure type="<error kind>" message="…">` with the full message
///   (each failed assertion's expected, actual and location); a step that could not run
///   `<error>`; a skipped one `<skipped/>`.
/// - `<system-out>` holds the request and response excerpt (already redacted in the
///   report) and the `curl` repro of the failed attempt; `<system-err>` the warnings.
/// - Attempts beyond the first are `<properties>` of the test case (`attempt.2`, …).
/// - Times are seconds with three decimals; the XML is well-formed whatever the text
///   holds (control characters are written as `\u001B`).
///
/// The elements are those of the widely used Jenkins/Surefire `junit-10.xsd`, plus the
/// test case's `file`, `line` and `<properties>`, which pytest, GitLab and Jenkins' JUnit
/// plugin read (`Tests/Conformance/reports` validates against both schemas).
public struct JUnitRenderer: Sendable {
    /// The `name` of `<testsuites>`.
    public var name = "buyflow"
    /// The longest body quoted in `<system-out>`, in characters.
    public var bodyLimit = 2000

    public init() {}

    public func render(_ report: RunReport) -> String { render(runs: [report]) }

    public func render(_ report: RunsReport) -> String { render(runs: report.runs) }

    public func render(_ document: RunDocument) -> String { render(runs: document.runs) }

    /// Every run as a `<testsuite>` of one `<testsuites>`.
    public func render(runs: [RunReport]) -> String {
        let summary = RunsSummary(runs: runs).steps
        let time = runs.reduce(Duration.zero) { $0 + $1.duration }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += "<testsuites" + attributes([
            ("name", name), ("tests", String(summary.steps)), ("failures", String(summary.failed)),
            ("errors", String(summary.errored)), ("time", RenderFormat.seconds(time)),
        ]) + ">\n"
        for (index, run) in runs.enumerated() { out += suite(run, id: index) }
        out += "</testsuites>\n"
        return out
    }

    func suite(_ run: RunReport, id: Int) -> String {
        let s = run.summary
        var out = "  <testsuite" + attributes([
            ("name", run.workflow.name), ("tests", String(s.steps)), ("failures", String(s.failed)),
            ("errors", String(s.errored)), ("skipped", String(s.skipped)), ("time", RenderFormat.seconds(run.duration)),
            ("timestamp", RenderFormat.secondsTimestamp(run.startedAt)), ("id", String(id)),
            ("package", Self.className(run.workflow.file)), ("file", run.workflow.file),
        ]) + ">\n"
        var properties = [
            ("target", run.target.url), ("apiVersion", run.target.apiVersion), ("tool", "\(run.tool.name) \(run.tool.version)"),
            ("startedAt", run.startedAt.iso8601), ("status", run.status.rawValue),
        ]
        if let row = run.row {
            properties.append(("row", String(row.index)))
            for (key, value) in row.values { properties.append(("row.\(key)", value.stringValue ?? value.description)) }
        }
        out += propertiesBlock(properties, indent: "    ")
        var names = UniqueNames()
        for step in run.steps { out += testCase(step, run: run, name: names.claim(step.name, id: step.id)) }
        if !run.warnings.isEmpty {
            out += "    <system-err>" + Markup.text(run.warnings.map(Self.warningLine).joined(separator: "\n")) + "</system-err>\n"
        }
        out += "  </testsuite>\n"
        return out
    }

    func testCase(_ step: StepReport, run: RunReport, name: String) -> String {
        var attributes = [
            ("classname", Self.className(run.workflow.file)), ("name", name), ("time", RenderFormat.seconds(step.duration)),
            ("file", step.location?.file ?? run.workflow.file),
        ]
        if let line = step.location?.line { attributes.append(("line", String(line))) }
        var body = ""
        if step.attempts.count > 1 {
            let later = step.attempts.dropFirst().map { ("attempt.\($0.number)", RenderFormat.attemptSummary($0)) }
            body += propertiesBlock([("attempts", String(step.attempts.count))] + later, indent: "      ")
        }
        switch step.status {
        case .passed:
            break
        case .skipped:
            body += "      <skipped" + self.attributes(step.skipReason.map { [("message", $0)] } ?? []) + "/>\n"
        case .failed, .error:
            let element = step.status == .failed ? "failure" : "error"
            let kind = step.failure?.kind.rawValue ?? "error"
            let message = step.failure?.message ?? step.skipReason ?? "the step could not run"
            let full = step.failure.map { RenderFormat.failureLines($0, step: step).joined(separator: "\n") } ?? message
            body += "      <\(element)" + self.attributes([("message", Self.shortMessage(message)), ("type", kind)]) + ">"
                + Markup.text(full) + "</\(element)>\n"
            if let output = systemOut(step) { body += "      <system-out>" + Markup.text(output) + "</system-out>\n" }
        }
        if !step.warnings.isEmpty {
            body += "      <system-err>" + Markup.text(step.warnings.map(Self.warningLine).joined(separator: "\n")) + "</system-err>\n"
        }
        let open = "    <testcase" + self.attributes(attributes)
        return body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
    }

    /// The failed attempt's summary, request, response and repro.
    func systemOut(_ step: StepReport) -> String? {
        guard let attempt = RenderFormat.failedAttempt(of: step) else { return nil }
        var parts = ["attempt \(attempt.number) of \(step.attempts.count): " + RenderFormat.attemptSummary(attempt)]
        if let request = attempt.request { parts.append("--- request\n" + RenderFormat.message(request, limit: bodyLimit)) }
        if let response = attempt.response { parts.append("--- response\n" + RenderFormat.message(response, limit: bodyLimit)) }
        if !attempt.errors.isEmpty {
            parts.append("--- errors\n" + attempt.errors.map { RenderFormat.inline($0, limit: bodyLimit) }.joined(separator: "\n"))
        }
        if let repro = attempt.repro { parts.append("--- repro\n" + repro) }
        return parts.joined(separator: "\n")
    }

    func propertiesBlock(_ properties: [(String, String)], indent: String) -> String {
        var out = indent + "<properties>\n"
        for (name, value) in properties {
            out += indent + "  <property" + attributes([("name", name), ("value", value)]) + "/>\n"
        }
        return out + indent + "</properties>\n"
    }

    func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(Markup.attribute($0.1))\"" }.joined()
    }

    /// `workflows/checkout.yaml` → `workflows.checkout`.
    static func className(_ file: String) -> String {
        var path = Substring(file)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/"), dot != path.startIndex {
            path = path[..<dot]
        }
        return String(path).replacing("/", with: ".")
    }

    /// The first line of a message, at most 200 characters.
    static func shortMessage(_ message: String) -> String {
        let line = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? message
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }

    static func warningLine(_ warning: ReportWarning) -> String {
        "warning: " + warning.message + " [\(warning.kind.rawValue)]" + (warning.location.map { " at \($0)" } ?? "")
    }
}
