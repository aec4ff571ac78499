internal import Synchronization

/// Compiled regular expressions by pattern, shared by every evaluation: a literal
/// pattern is compiled once, when the expression is parsed, not per evaluation.
/// Bounded: when full it starts again empty. Every match has a budget (`BoundedRegex`).
public enum ExpressionRegexCache {
    private static let limit = 512
    private static let storage = Mutex<[String: CompiledPattern]>([:])
    /// Compilations so far: each compiled pattern's serial number.
    private static let compilations = Atomic<Int>(0)

    /// The serial number of `pattern`'s compilation in the cache, or `nil` when it is not
    /// there: the same number before and after evaluations means none compiled it again.
    static func compilationSerial(of pattern: String) -> Int? {
        storage.withLock { $0[pattern]?.serial }
    }

    /// The compiled pattern, or the compiler's complaint.
    public static func regex(_ pattern: String) -> Result<BoundedRegex, BoundedRegex.Problem> {
        if let cached = storage.withLock({ $0[pattern] }) { return .success(cached.regex) }
        let regex: BoundedRegex
        do {
            regex = try BoundedRegex(pattern)
        } catch {
            return .failure(error)
        }
        let compiled = CompiledPattern(regex: regex, serial: compilations.add(1, ordering: .relaxed).newValue)
        storage.withLock { cache in
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[pattern] = compiled
        }
        return .success(regex)
    }

    /// Whether `pattern` finds a match in `subject`, within the match budget.
    public static func firstMatch(_ pattern: String, in subject: String) -> Result<Bool, BoundedRegex.Problem> {
        regex(pattern).flatMap { $0.firstMatch(in: subject) }
    }

    private struct CompiledPattern: Sendable {
        let regex: BoundedRegex
        /// Which compilation made it (`compilationSerial(of:)`).
        let serial: Int
    }
}
