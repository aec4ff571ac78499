import BuyflowCore

/// A comparison as text for people: per run its steps with status and duration changes,
/// then the operations, then a verdict line.
///
///     comparing before.json → after.json (slower: at least +20% and +5ms)
///     Checkout: passed → failed · 41.7 ms → 60.2 ms
///       ✗ Apply discount        passed → failed    2.7 ms → 2.9 ms    +0.2 ms    +7.4%
///       ▲ Read product          passed             212 ms → 290 ms    +78.0 ms  +36.7%  slower
///       + Pay                   added: passed, 4.0 ms
///     operations (mean time per request)
///       ▲ Product               1 → 2 requests     1.9 ms → 3.0 ms    +1.1 ms   +60.4%  slower
///     2 regressions: 1 step failed that passed, 1 step slower
///
/// Marks: `✗` worse, `✓` better, `▲` slower, `▼` faster, `+` added, `-` removed, `~`
/// another status change, a space when nothing counts as changed.
public struct ComparisonTextRenderer: Sendable {
    public var before: String
    public var after: String

    /// `before` and `after` name the compared files in the first line.
    public init(before: String, after: String) {
        self.before = before
        self.after = after
    }

    public func render(_ comparison: ReportComparison) -> String {
        let t = comparison.thresholds
        var out = "comparing \(before) → \(after) (slower: at least +\(Self.percent(t.relative * 100)) and +"
            + "\(DurationText.format(t.absolute)))\n"
        for pair in comparison.runs {
            out += runLine(pair) + "\n"
            for step in comparison.steps where step.run == pair.name { out += stepLine(step) + "\n" }
        }
        if !comparison.operations.isEmpty {
            out += "operations (mean time per request)\n"
            for operation in comparison.operations { out += operationLine(operation) + "\n" }
        }
        return out + verdict(comparison) + "\n"
    }

    func runLine(_ pair: ReportComparison.RunPair) -> String {
        switch (pair.before, pair.after) {
        case (let old?, let new?):
            let status = old.status == new.status ? new.status.rawValue : "\(old.status.rawValue) → \(new.status.rawValue)"
            return "\(pair.name): \(status) · \(RenderFormat.short(old.duration)) → \(RenderFormat.short(new.duration))"
        case (nil, let new?): return "\(pair.name): added (\(new.status.rawValue))"
        case (let old?, nil): return "\(pair.name): removed (was \(old.status.rawValue))"
        case (nil, nil): return pair.name
        }
    }

    func stepLine(_ step: StepComparison) -> String {
        let name = "  \(Self.mark(step)) " + Self.pad(step.name, 28)
        if let new = step.after, step.isAdded {
            return name + " added: \(new.status.rawValue)" + (new.attempts > 0 ? ", \(RenderFormat.short(new.duration))" : "")
        }
        guard let old = step.before, let new = step.after else {
            return name + " removed (was \(step.before?.status.rawValue ?? "?"))"
        }
        let status = old.status == new.status ? new.status.rawValue : "\(old.status.rawValue) → \(new.status.rawValue)"
        return (name + " " + Self.pad(status, 18) + " " + Self.change(step.duration)).trimmingTrailingSpaces
    }

    func operationLine(_ operation: OperationComparison) -> String {
        let mark = operation.status == .worse ? "✗" : operation.status == .better ? "✓" : Self.timingMark(operation.duration)
        let name = "  \(mark) " + Self.pad(operation.name, 28)
        switch (operation.before, operation.after) {
        case (nil, let new?): return name + " added: \(Self.requests(new.requests))"
        case (let old?, nil): return name + " removed (was \(Self.requests(old.requests)))"
        case (let old?, let new?):
            var counts = old.requests == new.requests ? Self.requests(new.requests) : "\(old.requests) → \(Self.requests(new.requests))"
            if old.failedSteps > 0 || new.failedSteps > 0 { counts += ", failing \(old.failedSteps) → \(new.failedSteps)" }
            return (name + " " + Self.pad(counts, 18) + " " + Self.change(operation.duration)).trimmingTrailingSpaces
        case (nil, nil): return name
        }
    }

    func verdict(_ comparison: ReportComparison) -> String {
        let worse = comparison.steps.count { $0.status == .worse }
        let slower = comparison.steps.count { $0.duration?.timing == .slower }
        let operationsSlower = comparison.operations.count { $0.duration?.timing == .slower }
        let operationsFailing = comparison.operations.count { $0.status == .worse }
        var parts: [String] = []
        if worse > 0 { parts.append("\(Self.plural(worse, "step")) failed that passed before") }
        if slower > 0 { parts.append("\(Self.plural(slower, "step")) slower") }
        if operationsSlower > 0 { parts.append("\(Self.plural(operationsSlower, "operation")) slower") }
        if operationsFailing > 0 { parts.append("\(Self.plural(operationsFailing, "operation")) failing that did not") }
        let better = comparison.steps.count { $0.status == .better }
        let faster = comparison.steps.count { $0.duration?.timing == .faster }
        var good: [String] = []
        if better > 0 { good.append("\(Self.plural(better, "step")) fixed") }
        if faster > 0 { good.append("\(Self.plural(faster, "step")) faster") }
        let added = comparison.steps.count(where: \.isAdded)
        let removed = comparison.steps.count(where: \.isRemoved)
        if added > 0 { good.append("\(added) added") }
        if removed > 0 { good.append("\(removed) removed") }
        let count = worse + slower + comparison.operationRegressions.count
        var line = count == 0 ? "no regressions" : "\(Self.plural(count, "regression")): " + parts.joined(separator: ", ")
        if !good.isEmpty { line += "; " + good.joined(separator: ", ") }
        return line
    }

    // MARK: - Formatting

    static func mark(_ step: StepComparison) -> String {
        if step.isAdded { return "+" }
        if step.isRemoved { return "-" }
        switch step.status {
        case .worse: return "✗"
        case .better: return "✓"
        case .changed: return "~"
        case .unchanged: return timingMark(step.duration)
        }
    }

    static func timingMark(_ change: DurationChange?) -> String {
        switch change?.timing {
        case .slower: "▲"
        case .faster: "▼"
        default: " "
        }
    }

    /// `212 ms → 290 ms   +78.0 ms  +36.7%  slower`
    static func change(_ change: DurationChange?) -> String {
        guard let change else { return "" }
        let span = pad("\(RenderFormat.short(change.before)) → \(RenderFormat.short(change.after))", 20)
        let delta = change.change
        let sign = delta < .zero ? "-" : "+"
        let magnitude = delta < .zero ? .zero - delta : delta
        var text = span + " " + pad(sign + RenderFormat.short(magnitude), 10)
        text += " " + pad(change.percent.map { ($0 < 0 ? "" : "+") + percent($0) } ?? "", 8)
        if change.timing != .same { text += " " + change.timing.rawValue }
        return text
    }

    /// `20%`, `36.7%`.
    static func percent(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "%"
    }

    static func requests(_ count: Int) -> String { plural(count, "request") }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
