import BuyflowCore

/// A run report as text for people: a line per step with its status and time, every
/// failure with its kind, expected and actual, the workflow line it comes from and an
/// excerpt of the request and response, then a one-line summary. What `buyflow run`
/// prints when a run ends and what `--report text=…` writes.
///
///     ✓ Create cart                         8.1 ms
///     ✗ Apply discount                      6.0 ms   assertion
///       ✗ decimal(data…amount) == decimal("150.00")
///           expected  "150.00"
///           actual    "160.20"
///         at workflows/checkout.yaml:82:11
public struct RunTextRenderer: Sendable {
    public var color: Bool
    /// Request and response bodies of every attempt, not only of failed ones.
    public var verbose: Bool
    /// Files quoted at failure locations.
    public var sources: [String: SourceFile]
    /// The longest excerpt of a body shown, in characters.
    public var bodyLimit = 600

    public init(color: Bool = false, verbose: Bool = false, sources: [SourceFile] = []) {
        self.color = color
        self.verbose = verbose
        self.sources = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The whole report: a header, the steps, the summary line.
    public func render(_ report: RunReport) -> String {
        var out = header(report)
        for step in report.steps { out += stepBlock(step) }
        for warning in report.warnings { out += "  " + paint("warning:", .magenta) + " " + warning.message + "\n" }
        out += summary(report) + "\n"
        return out
    }

    /// Several runs (data rows, several workflows): each run, then a total.
    public func render(_ report: RunsReport) -> String {
        var out = ""
        for run in report.runs { out += render(run) + "\n" }
        let summary = report.summary
        let passed = report.runs.filter { $0.status == .passed }.count
        out += paint(report.status == .passed ? "passed" : "failed", report.status == .passed ? .green : .red)
        out += ": \(plural(passed, "run")) of \(report.runs.count) passed · \(plural(summary.steps.steps, "step")) · \(plural(summary.steps.requests, "request"))\n"
        return out
    }

    // MARK: - Pieces

    public func header(_ report: RunReport) -> String {
        // A data row's run is named `<workflow name> [<row>]` already.
        paint(report.workflow.name, .bold) + " (\(report.workflow.file)) → \(report.target.url)\n"
    }

    /// The settled line of one step, and its failure block when it failed.
    public func stepBlock(_ step: StepReport) -> String {
        var out = stepLine(step)
        if let failure = step.failure { out += failureBlock(failure, step: step) }
        if let reason = step.skipReason, step.status == .skipped { out += "      " + paint(reason, .dim) + "\n" }
        for warning in step.warnings { out += "      " + paint("warning:", .magenta) + " " + warning.message + "\n" }
        if verbose { out += attemptsBlock(step, all: true) }
        return out
    }

    public func stepLine(_ step: StepReport) -> String {
        let (mark, style): (String, Style) = switch step.status {
        case .passed: ("✓", .green)
        case .failed: ("✗", .red)
        case .skipped: ("-", .dim)
        case .error: ("!", .red)
        }
        var line = "  " + paint(mark, style) + " " + Self.pad(step.name, 34)
        if step.status != .skipped { line += " " + Self.leftPad(Self.milliseconds(step.duration), 9) }
        var notes: [String] = []
        let polls = step.attempts.count { $0.reason != .retry }
        let retries = step.attempts.count { $0.reason == .retry }
        if polls > 1 { notes.append("\(polls) polls") }
        if retries > 0 { notes.append(plural(retries, "retry", "retries")) }
        if let failure = step.failure { notes.append(failure.kind.rawValue) }
        if step.status == .skipped { notes.append("skipped") }
        if !notes.isEmpty { line += "   " + paint(notes.joined(separator: " · "), step.status == .failed ? .red : .dim) }
        return line + "\n"
    }

    func failureBlock(_ failure: Failure, step: StepReport) -> String {
        var out = ""
        if failure.kind == .assertion, !failure.assertions.isEmpty {
            for assertion in failure.assertions where !assertion.passed {
                out += "      " + paint("✗ " + assertion.expression, .bold) + "\n"
                // The message, unless it only says what expected and actual below show.
                if let message = assertion.message,
                   assertion.expected == nil || assertion.actual == nil || !message.hasPrefix("expected ") {
                    out += "          " + message + "\n"
                }
                if let expected = assertion.expected { out += "          expected  " + Self.short(expected) + "\n" }
                if let actual = assertion.actual { out += "          actual    " + Self.short(actual) + "\n" }
                out += place(assertion.location)
            }
        } else {
            out += "      " + paint("\(failure.kind.rawValue): ", .red) + failure.message.replacing("\n", with: "\n        ") + "\n"
            if let expected = failure.expected { out += "          expected  " + Self.short(expected) + "\n" }
            if let actual = failure.actual { out += "          actual    " + Self.short(actual) + "\n" }
            out += place(failure.location ?? step.location)
        }
        if !verbose { out += attemptsBlock(step, all: false) }
        return out
    }

    /// `at file:line:column` and the source line with a caret.
    func place(_ location: SourceLocation?) -> String {
        guard let location else { return "" }
        var out = "        at " + location.description + "\n"
        if let line = sources[location.file]?.line(location.line) {
            let number = String(location.line)
            let caret = String(repeating: " ", count: max(0, location.column - 1)) + "^"
            out += "         \(number) | \(line)\n"
            out += "         \(String(repeating: " ", count: number.count)) | \(paint(caret, .green))\n"
        }
        return out
    }

    /// The request and response of the last failed attempt (or of every attempt).
    func attemptsBlock(_ step: StepReport, all: Bool) -> String {
        let chosen = all ? step.attempts : step.attempts.last(where: { $0.errorKind != nil || $0.request != nil }).map { [$0] } ?? []
        var out = ""
        for attempt in chosen {
            let status = attempt.httpStatus.map { "HTTP \($0)" } ?? "no response"
            var line = "      attempt \(attempt.number): \(status), \(Self.milliseconds(attempt.duration))"
            if let kind = attempt.errorKind { line += ", \(kind.rawValue)" }
            if let id = attempt.requestId { line += ", request \(id)" }
            out += paint(line, .dim) + "\n"
            if let request = attempt.request { out += "        request:  " + excerpt(request.body) + "\n" }
            if let response = attempt.response { out += "        response: " + excerpt(response.body) + "\n" }
            if let repro = attempt.repro {
                out += "        repro:    " + repro.replacing("\n", with: "\n                  ") + "\n"
            }
        }
        return out
    }

    func excerpt(_ body: String) -> String {
        let flat = body.replacing("\n", with: " ")
        return flat.count > bodyLimit ? String(flat.prefix(bodyLimit)) + "…" : flat
    }

    public func summary(_ report: RunReport) -> String {
        let s = report.summary
        var parts = ["\(s.passed) passed"]
        if s.failed > 0 { parts.append("\(s.failed) failed") }
        if s.skipped > 0 { parts.append("\(s.skipped) skipped") }
        if s.errored > 0 { parts.append("\(s.errored) could not run") }
        let verdict = report.status == .passed ? paint("passed", .green) : paint(report.status.rawValue, .red)
        var line = "\(verdict): \(parts.joined(separator: ", ")) of \(plural(s.steps, "step")) in \(Self.milliseconds(report.duration))"
        line += " · \(plural(s.requests, "request"))"
        if s.retries > 0 { line += " · \(plural(s.retries, "retry", "retries"))" }
        return line
    }

    // MARK: - Formatting

    public static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        if ms >= 1000 { return seconds(duration) }
        if ms >= 100 { return "\(Int(ms.rounded())) ms" }
        return "\((ms * 10).rounded() / 10) ms"
    }

    public static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return "\((seconds * 100).rounded() / 100) s"
    }

    /// A JSON value, shortened for a line.
    static func short(_ value: JSONValue, limit: Int = 160) -> String {
        let text = value.description
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", magenta = "35"
    }

    func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
