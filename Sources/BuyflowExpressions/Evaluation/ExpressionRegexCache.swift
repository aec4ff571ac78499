internal import Synchronization

/// Compiled regular expressions by pattern, shared by every evaluation: a literal
/// pattern is compiled once, when the expression is parsed, not per evaluation.
/// Bounded: when full it starts again empty.
enum ExpressionRegexCache {
    private static let limit = 512
    private static let storage = Mutex<[String: CompiledPattern]>([:])

    /// The compiled pattern, or the compiler's complaint.
    static func regex(_ pattern: String) -> Result<Regex<AnyRegexOutput>, RegexProblem> {
        if let cached = storage.withLock({ $0[pattern] }) { return .success(cached.regex) }
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(pattern)
        } catch {
            return .failure(RegexProblem(description: String(describing: error)))
        }
        // Matching once makes the regex build its matching program (lazily built state) on
        // this thread, before the mutex publishes it; after that, sharing only reads it.
        _ = try? regex.firstMatch(in: "")
        let compiled = CompiledPattern(regex: regex)
        storage.withLock { cache in
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[pattern] = compiled
        }
        return .success(regex)
    }

    /// Why a pattern does not compile.
    struct RegexProblem: Error {
        var description: String
    }

    /// A compiled regex, immutable once published (see above), so safe to share.
    private final class CompiledPattern: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>

        init(regex: Regex<AnyRegexOutput>) {
            self.regex = regex
        }
    }
}
