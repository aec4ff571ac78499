import BuyflowCore

/// Number and text forms shared by the renderers.
enum RenderFormat {
    /// Whole milliseconds of a duration, rounded (negative durations keep their sign).
    static func roundedMilliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return (microseconds + (microseconds >= 0 ? 500 : -500)) / 1000
    }

    /// Seconds with three decimals, as JUnit writes times: `0.042`, `1.250`.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = roundedMilliseconds(duration)
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Milliseconds to 0.01 ms, as the JSON reports write them.
    static func milliseconds(_ duration: Duration) -> Double {
        ReportNumbers.milliseconds(duration)
    }

    /// `3.1 ms`, `212 ms`, `1.23 s`: the console's form.
    static func short(_ duration: Duration) -> String {
        RunTextRenderer.milliseconds(duration)
    }

    /// A JSON value on one line, cut at `limit` characters.
    static func inline(_ value: JSONValue, limit: Int = 240) -> String {
        RunTextRenderer.short(value, limit: limit)
    }

    /// `2026-11-29T12:00:00Z`: a timestamp to the second, as JUnit consumers read it.
    static func secondsTimestamp(_ timestamp: Timestamp) -> String {
        let text = timestamp.iso8601
        return text.split(separator: ".").first.map { $0 + "Z" } ?? text
    }

    /// The failure of a step in full, a line each: its kind and message, then each failed
    /// assertion with expected, actual and location (or the failure's own).
    static func failureLines(_ failure: Failure, step: StepReport) -> [String] {
        var lines = ["\(failure.kind.rawValue): \(failure.message)"]
        let assertions = failure.assertions.filter { !$0.passed }
        if assertions.isEmpty {
            if let expected = failure.expected { lines.append("  expected: " + inline(expected)) }
            if let actual = failure.actual { lines.append("  actual:   " + inline(actual)) }
            if let location = failure.location ?? step.location { lines.append("  at " + location.description) }
        } else {
            for assertion in assertions {
                lines.append("✗ " + assertion.expression)
                if let message = assertion.message, assertion.expected == nil || assertion.actual == nil {
                    lines.append("  " + message)
                }
                if let expected = assertion.expected { lines.append("  expected: " + inline(expected)) }
                if let actual = assertion.actual { lines.append("  actual:   " + inline(actual)) }
                if let location = assertion.location { lines.append("  at " + location.description) }
            }
        }
        return lines
    }

    /// The attempt whose request and response explain a failure: the last one that failed
    /// or carries excerpts.
    static func failedAttempt(of step: StepReport) -> AttemptReport? {
        step.attempts.last { $0.errorKind != nil || $0.request != nil || $0.response != nil || $0.repro != nil }
    }

    /// `HTTP 503 · 1.87 ms · http · request req-0002`: one attempt in a line.
    static func attemptSummary(_ attempt: AttemptReport) -> String {
        var parts = [attempt.httpStatus.map { "HTTP \($0)" } ?? "no response", short(attempt.duration)]
        if let kind = attempt.errorKind { parts.append(kind.rawValue) }
        parts.append("started at " + short(attempt.startOffset))
        if let id = attempt.requestId { parts.append("request " + id) }
        return parts.joined(separator: " · ")
    }

    /// A body cut at `limit` characters, marked when cut here or by the runner.
    static func body(_ excerpt: HTTPExcerpt, limit: Int) -> String {
        let cut = excerpt.body.count > limit
        let text = cut ? String(excerpt.body.prefix(limit)) : excerpt.body
        return text + (cut || excerpt.bodyTruncated ? "\n… (cut)" : "")
    }

    /// Headers, a line each, then a blank line and the body: an HTTP message as read.
    static func message(_ excerpt: HTTPExcerpt, limit: Int) -> String {
        let headers = excerpt.headers.map { "\($0.name): \($0.value)" }
        return (headers + (headers.isEmpty ? [] : [""]) + [body(excerpt, limit: limit)]).joined(separator: "\n")
    }
}
