/// Whether a pattern may backtrack exponentially: a quantified group that holds a
/// quantifier or an alternation (`(a+)+`, `(a*)*`, `(a|aa)*`, `(\w+\s?)*`). Swift's `Regex`
/// backtracks and cannot be cancelled, so such patterns are matched under a watchdog
/// (`ExpressionRegexCache.firstMatch`); all others are matched directly.
enum RegexRisk {
    static func mayBacktrackExponentially(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        // For each open group: whether it holds a quantifier or an alternation so far.
        var groups: [Bool] = []
        var index = 0
        var lastGroupWasRisky = false
        while index < scalars.count {
            let scalar = scalars[index]
            var closedRiskyGroup = false
            switch scalar {
            case "\\":
                index += 1
            case "[":
                // Skip the class: `]` right after `[` or `[^` is a literal.
                index += 1
                if index < scalars.count, scalars[index] == "^" { index += 1 }
                if index < scalars.count, scalars[index] == "]" { index += 1 }
                while index < scalars.count, scalars[index] != "]" {
                    if scalars[index] == "\\" { index += 1 }
                    index += 1
                }
            case "(":
                groups.append(false)
            case ")":
                if let inner = groups.popLast() {
                    closedRiskyGroup = inner
                    if inner, !groups.isEmpty { groups[groups.count - 1] = true }
                }
            case "|":
                if !groups.isEmpty { groups[groups.count - 1] = true }
            case "*", "+", "{":
                if lastGroupWasRisky, isRepeating(scalars, at: index) { return true }
                if !groups.isEmpty, isRepeating(scalars, at: index) { groups[groups.count - 1] = true }
            default:
                break
            }
            lastGroupWasRisky = closedRiskyGroup
            index += 1
        }
        return false
    }

    /// `*`, `+`, or `{n,}` / `{n,m}` with m > 1: a quantifier that repeats.
    private static func isRepeating(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard scalars[index] == "{" else { return true }
        var body = ""
        var end = index + 1
        while end < scalars.count, scalars[end] != "}" {
            body.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count else { return false }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return (Int(body) ?? 0) > 1 }
        guard let upper = Int(parts[1]) else { return parts[1].isEmpty }
        return upper > 1
    }
}
