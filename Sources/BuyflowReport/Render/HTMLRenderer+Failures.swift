import BuyflowCore

extension HTMLRenderer {
    /// Each failed step: its kind and message, every failed assertion with expected and
    /// actual side by side, and the failed attempt's request and response.
    func failures(_ run: RunReport, index: Int) -> String {
        let failed = run.steps.enumerated().filter { $0.element.status == .failed || $0.element.status == .error }
        guard !failed.isEmpty else { return "" }
        var out = "<h3>Failures</h3>\n"
        for (number, step) in failed {
            let kind = step.failure?.kind.rawValue ?? step.status.rawValue
            out += """
                <article class="failure" id="\(Self.anchor(run: index, step: number))">
                <h4>\(Self.badge("failed", text: kind)) \(Markup.text(step.name)) <code class="id">\(Markup.text(step.id))</code></h4>
                <p class="message">\(Markup.text(step.failure?.message ?? step.skipReason ?? "the step could not run"))</p>

                """
            if let failure = step.failure {
                let assertions = failure.assertions.filter { !$0.passed }
                if assertions.isEmpty {
                    out += comparison(
                        expression: nil, expected: failure.expected, actual: failure.actual,
                        location: failure.location ?? step.location)
                } else {
                    for assertion in assertions {
                        out += comparison(
                            expression: assertion.expression, expected: assertion.expected, actual: assertion.actual,
                            location: assertion.location,
                            message: assertion.expected == nil || assertion.actual == nil ? assertion.message : nil)
                    }
                }
            }
            if let attempt = RenderFormat.failedAttempt(of: step) { out += attemptDetails(attempt, of: step) }
            out += "</article>\n"
        }
        return out
    }

    func comparison(
        expression: String?, expected: JSONValue?, actual: JSONValue?, location: SourceLocation?, message: String? = nil
    ) -> String {
        var out = "<div class=\"assertion\">\n"
        if let expression { out += "<p><code class=\"expr\">\(Markup.text(expression))</code></p>\n" }
        if let message { out += "<p class=\"message\">\(Markup.text(message))</p>\n" }
        if expected != nil || actual != nil {
            out += "<div class=\"side-by-side\">"
            out += "<div class=\"expected\"><h5>expected</h5><pre>\(Markup.text(expected.map(value) ?? "–"))</pre></div>"
            out += "<div class=\"actual\"><h5>actual</h5><pre>\(Markup.text(actual.map(value) ?? "–"))</pre></div>"
            out += "</div>\n"
        }
        if let location { out += "<p class=\"location\">at <code>\(Markup.text(location.description))</code></p>\n" }
        return out + "</div>\n"
    }

    /// The request and response excerpts, GraphQL errors and the `curl` repro of an attempt.
    func attemptDetails(_ attempt: AttemptReport, of step: StepReport) -> String {
        let summary = "attempt \(attempt.number) of \(step.attempts.count) · " + RenderFormat.attemptSummary(attempt)
        var out = "<details class=\"attempt\" open>\n<summary>\(Markup.text(summary))</summary>\n"
        if attempt.request != nil || attempt.response != nil {
            out += "<div class=\"side-by-side\">"
            out += "<div><h5>request</h5><pre>\(Markup.text(attempt.request.map { RenderFormat.message($0, limit: bodyLimit) } ?? "–"))</pre></div>"
            out += "<div><h5>response</h5><pre>\(Markup.text(attempt.response.map { RenderFormat.message($0, limit: bodyLimit) } ?? "–"))</pre></div>"
            out += "</div>\n"
        }
        if !attempt.errors.isEmpty {
            let errors = attempt.errors.map { JSONSerializer(pretty: true).string($0) }.joined(separator: "\n")
            out += "<h5>GraphQL errors</h5><pre>\(Markup.text(Self.cut(errors, bodyLimit)))</pre>\n"
        }
        if let repro = attempt.repro { out += "<h5>repro</h5><pre class=\"repro\">\(Markup.text(repro))</pre>\n" }
        return out + "</details>\n"
    }

    /// The run's warnings and its steps'.
    func warnings(_ run: RunReport) -> String {
        let all = run.warnings.map { (nil as String?, $0) } + run.steps.flatMap { step in step.warnings.map { (step.name, $0) } }
        guard !all.isEmpty else { return "" }
        var out = "<h3>Warnings</h3>\n<ul class=\"warnings\">\n"
        for (step, warning) in all {
            out += "<li><span class=\"kind\">\(Markup.text(warning.kind.rawValue))</span> "
            if let step { out += "<strong>\(Markup.text(step))</strong>: " }
            out += Markup.text(warning.message)
            if let location = warning.location { out += " <span class=\"location\">at <code>\(Markup.text(location.description))</code></span>" }
            out += "</li>\n"
        }
        return out + "</ul>\n"
    }

    func value(_ value: JSONValue) -> String {
        Self.cut(JSONSerializer(pretty: true).string(value), valueLimit)
    }

    static func cut(_ text: String, _ limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "\n… (cut)" : text
    }
}
