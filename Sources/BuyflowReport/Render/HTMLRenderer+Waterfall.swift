extension HTMLRenderer {
    /// How an attempt ended, for its colour in the waterfall.
    enum AttemptOutcome: String, CaseIterable {
        /// Answered and accepted.
        case ok
        /// Failed and was tried again.
        case retry
        /// Answered, and the step asked again (a poll round).
        case poll
        /// The attempt the step failed on.
        case failed

        var label: String {
            switch self {
            case .ok: "succeeded"
            case .retry: "failed, retried"
            case .poll: "poll round"
            case .failed: "step failed"
            }
        }

        init(_ attempt: AttemptReport, index: Int, of step: StepReport) {
            let last = index == step.attempts.count - 1
            if last {
                self = attempt.errorKind != nil || step.status == .failed || step.status == .error ? .failed : .ok
            } else {
                self = attempt.errorKind != nil ? .retry : .poll
            }
        }
    }

    /// Geometry of the waterfall, in SVG user units.
    enum Waterfall {
        static let width = 960.0
        static let labelWidth = 230.0
        /// The longest step name shown in the label column; longer ones are cut (the full
        /// name is the label's tooltip).
        static let labelCharacters = 24
        static let noteWidth = 120.0
        static let axisHeight = 26.0
        static let rowHeight = 26.0
        static let barHeight = 14.0
        static var plotWidth: Double { width - labelWidth - noteWidth - 10 }
    }

    /// Every attempt of the run as a bar on a time axis, a row per step: positioned by
    /// its start and length, coloured by outcome, numbered, the waits between attempts
    /// dashed; each bar's `<title>` says what it was.
    func waterfall(_ run: RunReport) -> String {
        typealias W = Waterfall
        let attemptsEnd = run.steps.flatMap(\.attempts).map { Self.ms($0.startOffset + $0.duration) }.max() ?? 0
        let total = max(Self.ms(run.duration), attemptsEnd, 0.001)
        let tick = Self.tickSpacing(total)
        let scale = W.plotWidth / ((total / tick).rounded(.up) * tick)
        let height = W.axisHeight + Double(max(run.steps.count, 1)) * W.rowHeight + 6
        func x(_ ms: Double) -> Double { W.labelWidth + ms * scale }

        var svg = "<svg class=\"waterfall\" viewBox=\"0 0 \(Self.n(W.width)) \(Self.n(height))\" role=\"img\" "
            + "aria-label=\"attempts of \(Markup.attribute(run.workflow.name)) on a time axis\" "
            + "preserveAspectRatio=\"xMinYMin meet\">\n"
        svg += "<title>\(Markup.text("Attempts of \(run.workflow.name) over \(RenderFormat.short(run.duration))"))</title>\n"
        // Axis: ticks, labels, grid lines.
        var value = 0.0
        while value <= total + tick * 0.999 {
            let position = x(value)
            svg += "<line class=\"grid\" x1=\"\(Self.n(position))\" y1=\"\(Self.n(W.axisHeight - 4))\" "
                + "x2=\"\(Self.n(position))\" y2=\"\(Self.n(height - 4))\"/>"
            svg += "<text class=\"tick\" x=\"\(Self.n(position))\" y=\"14\" text-anchor=\"middle\">\(Self.tickLabel(value, tick))</text>\n"
            value += tick
        }
        var names = UniqueNames()
        for (row, step) in run.steps.enumerated() {
            let fullName = names.claim(step.name, id: step.id)
            let top = W.axisHeight + Double(row) * W.rowHeight
            let middle = top + W.rowHeight / 2
            if row % 2 == 1 {
                svg += "<rect class=\"band\" x=\"0\" y=\"\(Self.n(top))\" width=\"\(Self.n(W.width))\" height=\"\(Self.n(W.rowHeight))\"/>"
            }
            let name = fullName.count > Waterfall.labelCharacters
                ? String(fullName.prefix(Waterfall.labelCharacters - 1)) + "…" : fullName
            svg += "<text class=\"label \(step.status.rawValue)\" x=\"6\" y=\"\(Self.n(middle + 4))\">"
                + "<title>\(Markup.text(fullName))</title>\(Markup.text(name))</text>\n"
            if step.attempts.isEmpty {
                let note = step.status == .skipped ? "skipped" : "no request"
                svg += "<text class=\"none\" x=\"\(Self.n(W.labelWidth + 4))\" y=\"\(Self.n(middle + 4))\">\(note)</text>\n"
                continue
            }
            // The step's extent behind its bars: first attempt's start to the end of its checks.
            let first = Self.ms(step.attempts[0].startOffset)
            svg += "<rect class=\"extent\" x=\"\(Self.n(x(first)))\" y=\"\(Self.n(middle - 1))\" "
                + "width=\"\(Self.n(max(Self.ms(step.duration) * scale, 1)))\" height=\"2\"/>"
            var previousEnd: Double?
            for (index, attempt) in step.attempts.enumerated() {
                let start = Self.ms(attempt.startOffset)
                let end = start + Self.ms(attempt.duration)
                if let previousEnd, start > previousEnd {
                    svg += "<line class=\"wait\" x1=\"\(Self.n(x(previousEnd)))\" y1=\"\(Self.n(middle))\" "
                        + "x2=\"\(Self.n(x(start)))\" y2=\"\(Self.n(middle))\"/>"
                }
                previousEnd = end
                let outcome = AttemptOutcome(attempt, index: index, of: step)
                let barWidth = max((end - start) * scale, 2)
                let tooltip = "\(step.name): attempt \(attempt.number), \(outcome.label) · " + RenderFormat.attemptSummary(attempt)
                svg += "<rect class=\"bar \(outcome.rawValue)\" x=\"\(Self.n(x(start)))\" y=\"\(Self.n(middle - W.barHeight / 2))\" "
                    + "width=\"\(Self.n(barWidth))\" height=\"\(Self.n(W.barHeight))\" rx=\"2\">"
                    + "<title>\(Markup.text(tooltip))</title></rect>"
                if step.attempts.count > 1 {
                    let label = "#\(attempt.number)"
                    let inside = barWidth >= Double(label.count) * 7 + 4
                    let labelX = inside ? x(start) + barWidth / 2 : x(start) + barWidth + 2
                    svg += "<text class=\"attempt\(inside ? " inside" : "")\" x=\"\(Self.n(labelX))\" y=\"\(Self.n(middle + 4))\""
                        + (inside ? " text-anchor=\"middle\"" : "") + ">\(label)</text>"
                }
                svg += "\n"
            }
            var note = RenderFormat.short(step.duration)
            let retries = step.attempts.count { $0.errorKind != nil } - (step.attempts.last?.errorKind != nil ? 1 : 0)
            let polls = step.attempts.count - 1 - retries
            if retries > 0 { note += " · " + Self.plural(retries, "retry", "retries") }
            if polls > 0 { note += " · " + Self.plural(polls, "poll") }
            svg += "<text class=\"note\" x=\"\(Self.n(W.width - 4))\" y=\"\(Self.n(middle + 4))\" text-anchor=\"end\">"
                + "\(Markup.text(note))</text>\n"
        }
        svg += "</svg>\n"
        let legend = AttemptOutcome.allCases.map { "<span class=\"key \($0.rawValue)\"></span>\($0.label)" }
            .joined(separator: " ")
        return "<figure class=\"waterfall\">\n" + svg
            + "<figcaption>Attempts on a time axis from the start of the run. \(legend) "
            + "<span class=\"key wait\"></span>waiting between attempts</figcaption>\n</figure>\n"
    }

    static func ms(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// 1, 2, 2.5 or 5 × 10ⁿ ms, for about six ticks over `total`.
    static func tickSpacing(_ total: Double) -> Double {
        let raw = total / 6
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw, magnitude > 0.001 { magnitude /= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where magnitude * factor >= raw { return magnitude * factor }
        return magnitude * 10
    }

    /// `0`, `50 ms`, `1.5 s`.
    static func tickLabel(_ value: Double, _ tick: Double) -> String {
        if value == 0 { return "0" }
        if tick >= 100, value >= 1000 { return trimmed(value / 1000) + " s" }
        return trimmed(value) + " ms"
    }

    /// A number with at most three decimals, no trailing zeros.
    static func trimmed(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// An SVG coordinate, to 0.1 unit.
    static func n(_ value: Double) -> String { trimmed((value * 10).rounded() / 10) }
}
