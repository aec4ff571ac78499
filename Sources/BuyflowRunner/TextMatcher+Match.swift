import BuyflowExpressions
import BuyflowWorkflow

extension TextMatcher {
    /// Whether `text` holds the substring, or the pattern matches somewhere in it. Patterns
    /// are compiled once per process (the loader already checked that they compile) and
    /// matched within `BoundedRegex`'s budget: a server's message that would make the
    /// pattern backtrack without end counts as no match.
    func matches(_ text: String) -> Bool {
        switch self {
        case .substring(let substring): text.contains(substring)
        case .pattern(let pattern): (try? ExpressionRegexCache.firstMatch(pattern, in: text).get()) ?? false
        }
    }
}
