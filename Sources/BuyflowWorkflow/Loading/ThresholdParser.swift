import BuyflowCore

/// Reads `<stat>(<scope>) <op> <value>`: stat `p50`…`p99.9` (any `pNN`), `avg`, `min`,
/// `max`, `error_rate`, `throttle_rate`, `rps`, `count`; scope `all`, `step:<id>` or
/// `op:<operationName>`; op `<`, `<=`, `>`, `>=`; value with `ms`, `s`, `%` or bare.
public enum ThresholdParser {
    public struct Failure: Error, Sendable {
        public var message: String
        /// UTF-8 offset in the text.
        public var offset: Int
        public var suggestion: String?
    }

    static let statistics = ["avg", "min", "max", "error_rate", "throttle_rate", "rps", "count", "p50", "p90", "p95", "p99", "p99.9"]

    public static func parse(_ text: String) -> Result<Threshold, Failure> {
        let bytes = Array(text.utf8)
        var index = 0
        func skipSpaces() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        func fail(_ message: String, _ suggestion: String? = nil) -> Result<Threshold, Failure> {
            .failure(Failure(message: message, offset: min(index, bytes.count), suggestion: suggestion))
        }
        skipSpaces()
        let statStart = index
        while index < bytes.count, bytes[index] != 0x28, bytes[index] != 0x20 { index += 1 }
        let statName = String(decoding: bytes[statStart..<index], as: UTF8.self)
        let statistic: Threshold.Statistic
        switch statName {
        case "avg": statistic = .avg
        case "min": statistic = .min
        case "max": statistic = .max
        case "error_rate": statistic = .errorRate
        case "throttle_rate": statistic = .throttleRate
        case "rps": statistic = .rps
        case "count": statistic = .count
        default:
            if statName.hasPrefix("p"), let percentile = Double(statName.dropFirst()), percentile > 0, percentile < 100 {
                statistic = .percentile(percentile)
            } else {
                index = statStart
                return fail("unknown threshold statistic '\(statName)'", Suggestions.closest(to: statName, among: statistics))
            }
        }
        guard index < bytes.count, bytes[index] == 0x28 else { return fail("expected '(' and a scope after '\(statName)'") }
        index += 1
        let scopeStart = index
        while index < bytes.count, bytes[index] != 0x29 { index += 1 }
        guard index < bytes.count else { index = scopeStart; return fail("unclosed '(': expected ')' after the scope") }
        let scopeText = String(decoding: bytes[scopeStart..<index], as: UTF8.self).trimmingSpaces
        index += 1
        let scope: Threshold.Scope
        if scopeText == "all" {
            scope = .all
        } else if scopeText.hasPrefix("step:"), scopeText.count > 5 {
            scope = .step(String(scopeText.dropFirst(5)))
        } else if scopeText.hasPrefix("op:"), scopeText.count > 3 {
            scope = .operation(String(scopeText.dropFirst(3)))
        } else {
            index = scopeStart
            return fail("unknown threshold scope '\(scopeText)': expected all, step:<id> or op:<operationName>")
        }
        skipSpaces()
        let opStart = index
        while index < bytes.count, [0x3C, 0x3E, 0x3D, 0x21].contains(bytes[index]) { index += 1 }
        let opText = String(decoding: bytes[opStart..<index], as: UTF8.self)
        guard let comparison = Threshold.Comparison(rawValue: opText) else {
            index = opStart
            return fail(opText.isEmpty ? "expected a comparison <, <=, > or >=" : "unknown comparison '\(opText)': use <, <=, > or >=")
        }
        skipSpaces()
        let valueStart = index
        let valueText = String(decoding: bytes[valueStart...], as: UTF8.self).trimmingSpaces
        var number = valueText
        var scale = 1.0
        var unit = ""
        for suffix in ["ms", "s", "%"] where valueText.hasSuffix(suffix) {
            unit = suffix
            number = String(valueText.dropLast(suffix.count)).trimmingSpaces
            break
        }
        guard let amount = Double(number), amount.isFinite, amount >= 0 else {
            index = valueStart
            return fail("expected a number with an optional unit (ms, s, %), found '\(valueText)'")
        }
        let isLatency: Bool = switch statistic {
        case .percentile, .avg, .min, .max: true
        default: false
        }
        let isRate: Bool = switch statistic {
        case .errorRate, .throttleRate: true
        default: false
        }
        switch unit {
        case "s": scale = 1000
        case "%": scale = 0.01
        default: scale = 1
        }
        if isLatency, unit == "%" { index = valueStart; return fail("a latency threshold takes ms or s, not %") }
        if isRate, unit == "ms" || unit == "s" { index = valueStart; return fail("a rate threshold takes % or a fraction, not a duration") }
        if !isLatency, !isRate, !unit.isEmpty { index = valueStart; return fail("'\(statName)' takes a bare number") }
        return .success(Threshold(
            statistic: statistic, scope: scope, comparison: comparison, value: amount * scale, text: text,
            location: SourceLocation(file: "", line: 0, column: 0)
        ))
    }
}
