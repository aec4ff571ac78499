import BuyflowCore

/// Run reports as one self-contained HTML page to look at rather than read: a summary,
/// then per run its steps with status, a waterfall of every attempt on a time axis
/// (inline SVG; retries and poll rounds visible), each failure with expected and actual
/// side by side and the failed attempt's request and response (redacted in the report),
/// and the warnings.
///
/// The page loads nothing: inline CSS and SVG, no script, no font, no image, no
/// external URL (a Content-Security-Policy of `default-src 'none'` says so to the
/// browser). It works without JavaScript (`<details>` for the long parts, open) and has
/// print styles.
public struct HTMLRenderer: Sendable {
    /// The `<title>` and heading.
    public var title = "buyflow report"
    /// The longest body shown, in characters.
    public var bodyLimit = 4000
    /// The longest expected or actual value shown, in characters.
    public var valueLimit = 2000

    public init() {}

    public func render(_ report: RunReport) -> String { render(runs: [report]) }

    public func render(_ report: RunsReport) -> String { render(runs: report.runs) }

    public func render(_ document: RunDocument) -> String { render(runs: document.runs) }

    public func render(runs: [RunReport]) -> String {
        let status = RunStatus(runs: runs)
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="generator" content="\(Markup.attribute(runs.first.map { "\($0.tool.name) \($0.tool.version)" } ?? "buyflow"))">
            <title>\(Markup.text("\(title): \(status.rawValue)" + (runs.count == 1 ? " · \(runs[0].workflow.name)" : "")))</title>
            <style>
            \(HTMLStyle.css)</style>
            </head>
            <body>

            """
        out += header(runs, status: status)
        if runs.count > 1 { out += contents(runs) }
        out += "<main>\n"
        for (index, run) in runs.enumerated() { out += section(run, index: index + 1) }
        if runs.isEmpty { out += "<p class=\"empty\">No runs.</p>\n" }
        out += "</main>\n"
        out += "<footer>Written by \(Markup.text(runs.first.map { "\($0.tool.name) \($0.tool.version)" } ?? "buyflow")). "
            + "Secrets appear as [redacted]. This page loads nothing from the network.</footer>\n"
        out += "</body>\n</html>\n"
        return out
    }

    // MARK: - Page parts

    func header(_ runs: [RunReport], status: RunStatus) -> String {
        let summary = RunsSummary(runs: runs)
        let steps = summary.steps
        var counts = ["\(steps.passed) passed"]
        if steps.failed > 0 { counts.append("\(steps.failed) failed") }
        if steps.skipped > 0 { counts.append("\(steps.skipped) skipped") }
        if steps.errored > 0 { counts.append("\(steps.errored) could not run") }
        var facts: [String] = []
        if runs.count > 1 { facts.append("\(summary.runsPassed) of \(Self.plural(runs.count, "run")) passed") }
        facts.append("\(Self.plural(steps.steps, "step")): " + counts.joined(separator: ", "))
        facts.append(Self.plural(steps.requests, "request"))
        if steps.retries > 0 { facts.append(Self.plural(steps.retries, "retry", "retries")) }
        if let first = runs.map(\.startedAt).min() { facts.append("started " + Self.readable(first)) }
        return """
            <header class="page">
            <h1>\(Self.badge(status.rawValue)) \(Markup.text(title))</h1>
            <p class="facts">\(facts.map(Markup.text).joined(separator: " · "))</p>
            </header>

            """
    }

    func contents(_ runs: [RunReport]) -> String {
        var out = "<nav class=\"toc\" aria-label=\"runs\"><ol>\n"
        for (index, run) in runs.enumerated() {
            out += "<li>\(Self.badge(run.status.rawValue)) <a href=\"#run-\(index + 1)\">\(Markup.text(run.workflow.name))</a>"
                + " <span class=\"muted\">\(Markup.text(RenderFormat.short(run.duration)))</span></li>\n"
        }
        return out + "</ol></nav>\n"
    }

    func section(_ run: RunReport, index: Int) -> String {
        var facts = [run.workflow.file, run.target.url, "API " + run.target.apiVersion, Self.readable(run.startedAt)]
        facts.append(RenderFormat.short(run.duration))
        facts.append(Self.plural(run.summary.requests, "request"))
        if run.summary.retries > 0 { facts.append(Self.plural(run.summary.retries, "retry", "retries")) }
        var out = """
            <section class="run \(run.status.rawValue)" id="run-\(index)">
            <h2>\(Self.badge(run.status.rawValue)) \(Markup.text(run.workflow.name))</h2>
            <p class="facts">\(facts.map(Markup.text).joined(separator: " · "))</p>

            """
        out += stepsTable(run, index: index)
        out += waterfall(run)
        out += failures(run, index: index)
        out += warnings(run)
        return out + "</section>\n"
    }

    func stepsTable(_ run: RunReport, index: Int) -> String {
        var out = """
            <table class="steps">
            <thead><tr><th>#</th><th>Step</th><th>Operation</th><th>Status</th><th class="num">Attempts</th>\
            <th>HTTP</th><th class="num">Assertions</th><th class="num">Duration</th></tr></thead>
            <tbody>

            """
        for (number, step) in run.steps.enumerated() {
            var name = Markup.text(step.name)
            if step.failure != nil || step.status == .failed || step.status == .error {
                name = "<a href=\"#\(Self.anchor(run: index, step: number))\">\(name)</a>"
            }
            var note = ""
            if step.status == .skipped, let reason = step.skipReason { note = "<div class=\"muted\">\(Markup.text(reason))</div>" }
            if !step.warnings.isEmpty { note += "<div class=\"warn-note\">⚠ \(Self.plural(step.warnings.count, "warning"))</div>" }
            let operation = step.operation.map { "\($0.type.rawValue) \($0.name ?? "(anonymous)")" } ?? "–"
            let statuses = Self.runs(step.attempts.map { $0.httpStatus.map(String.init) ?? "none" })
            let passed = step.assertions.count { $0.passed }
            let assertions = step.assertions.isEmpty ? "–" : "\(passed)/\(step.assertions.count)"
            let status = step.failure.map { "\(step.status.rawValue) (\($0.kind.rawValue))" } ?? step.status.rawValue
            out += "<tr class=\"\(step.status.rawValue)\"><td class=\"num\">\(number + 1)</td>"
                + "<td>\(name) <code class=\"id\">\(Markup.text(step.id))</code>\(note)</td>"
                + "<td><code>\(Markup.text(operation))</code></td>"
                + "<td>\(Self.badge(step.status.rawValue, text: status))</td>"
                + "<td class=\"num\">\(step.attempts.count)</td>"
                + "<td>\(Markup.text(statuses.isEmpty ? "–" : statuses.joined(separator: ", ")))</td>"
                + "<td class=\"num\">\(assertions)</td>"
                + "<td class=\"num\">\(step.status == .skipped ? "–" : Markup.text(RenderFormat.short(step.duration)))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    // MARK: - Helpers

    static func badge(_ status: String, text: String? = nil) -> String {
        "<span class=\"badge \(Markup.attribute(status))\">\(Markup.text(text ?? status))</span>"
    }

    /// `["503", "200", "200"]` → `["503", "200 ×2"]`.
    static func runs(_ values: [String]) -> [String] {
        var out: [(String, Int)] = []
        for value in values {
            if let last = out.last, last.0 == value { out[out.count - 1].1 += 1 } else { out.append((value, 1)) }
        }
        return out.map { $0.1 > 1 ? "\($0.0) ×\($0.1)" : $0.0 }
    }

    static func anchor(run: Int, step: Int) -> String { "run-\(run)-step-\(step + 1)" }

    /// `2026-11-29 12:00:00 UTC`
    static func readable(_ timestamp: Timestamp) -> String {
        let text = timestamp.iso8601
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(8)) + " UTC"
    }

    static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
