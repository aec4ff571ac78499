import BuyflowWorkflow
import Synchronization

extension TextMatcher {
    /// Whether `text` holds the substring, or the pattern matches somewhere in it. Patterns
    /// are compiled once per process (the loader already checked that they compile).
    func matches(_ text: String) -> Bool {
        switch self {
        case .substring(let substring): text.contains(substring)
        case .pattern(let pattern): PatternCache.regex(pattern).map { (try? $0.firstMatch(in: text)) != nil } ?? false
        }
    }
}

/// Compiled `/regex/` matchers of `errors` and `userErrors` expectations, by pattern.
enum PatternCache {
    private final class Compiled: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>?

        init(_ pattern: String) {
            regex = try? Regex(pattern)
            // Build the matching program now, before the cache publishes it.
            _ = try? regex?.firstMatch(in: "")
        }
    }

    private static let storage = Mutex<[String: Compiled]>([:])

    static func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let known = storage.withLock({ $0[pattern] }) { return known.regex }
        let compiled = Compiled(pattern)
        storage.withLock { cache in
            if cache.count >= 256 { cache.removeAll(keepingCapacity: true) }
            cache[pattern] = compiled
        }
        return compiled.regex
    }
}
