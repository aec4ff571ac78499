import BuyflowCore

/// Writes JSON values the way graphql-js's `inspect` does in its error messages, so
/// messages read the same: strings quoted, objects as `{ key: value }`, nesting past two
/// levels as `[Object]`/`[Array]`, lists past ten items elided.
enum ValueInspector {
    static func inspect(_ value: JSONValue) -> String { inspect(value, level: 0) }

    private static func inspect(_ value: JSONValue, level: Int) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return jsNumber(number)
        case .string: return value.description
        case .array(let items):
            if items.isEmpty { return "[]" }
            if level >= 2 { return "[Array]" }
            var parts = items.prefix(10).map { inspect($0, level: level + 1) }
            let remaining = items.count - parts.count
            if remaining == 1 { parts.append("... 1 more item") } else if remaining > 1 { parts.append("... \(remaining) more items") }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            if level >= 2 { return "[Object]" }
            return "{ " + object.members.map { $0.key + ": " + inspect($0.value, level: level + 1) }.joined(separator: ", ") + " }"
        }
    }

    /// A double as JavaScript's `String(number)` writes it: `1` for 1.0, `1.5`, `NaN`.
    static func jsNumber(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == number.rounded(), abs(number) < 1e21 {
            if abs(number) < 9.0e15 { return String(Int(number)) }
        }
        return number.description
    }

    /// graphql-js's `didYouMean`: ` Did you mean "a", "b", or "c"?` (at most five), or
    /// nothing when there are no suggestions.
    static func didYouMean(_ suggestions: [String], subject: String? = nil) -> String {
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        guard !quoted.isEmpty else { return "" }
        let message = " Did you mean " + (subject.map { $0 + " " } ?? "")
        switch quoted.count {
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default: return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1] + "?"
        }
    }
}
