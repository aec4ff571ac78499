internal import Dispatch
internal import Synchronization

/// Compiled regular expressions by pattern, shared by every evaluation: a literal
/// pattern is compiled once, when the expression is parsed, not per evaluation.
/// Bounded: when full it starts again empty.
enum ExpressionRegexCache {
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
        let compiled = CompiledPattern(regex: regex, serial: compilations.add(1, ordering: .relaxed).newValue)
        storage.withLock { cache in
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[pattern] = compiled
        }
        return .success(regex)
    }

    /// How long a pattern that may backtrack exponentially (`RegexRisk`) may take on one
    /// value before the evaluation gives up with an error.
    static let watchdog: Duration = .seconds(2)

    /// Whether `pattern` finds a match in `subject`. A pattern that may backtrack
    /// exponentially is matched on another thread and abandoned after `watchdog`: the
    /// expression fails with an error instead of hanging the run (the abandoned match
    /// ends with the process). Every other pattern is matched here, directly.
    static func firstMatch(_ pattern: String, in subject: String) -> Result<Bool, RegexProblem> {
        let regex: Regex<AnyRegexOutput>
        switch self.regex(pattern) {
        case .success(let compiled): regex = compiled
        case .failure(let problem): return .failure(problem)
        }
        guard RegexRisk.mayBacktrackExponentially(pattern) else { return match(regex, subject) }
        let shared = CompiledPattern(regex: regex, serial: 0)
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            outcome.set(match(shared.regex, subject))
            done.signal()
        }
        let (seconds, attoseconds) = watchdog.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success, let result = outcome.value else {
            return .failure(RegexProblem(description:
                "the regular expression did not finish within \(seconds) s on this value: its nested quantifiers make it "
                    + "backtrack exponentially; simplify it (for example '(a+)+' to 'a+')", isTimeout: true))
        }
        return result
    }

    private static func match(_ regex: Regex<AnyRegexOutput>, _ subject: String) -> Result<Bool, RegexProblem> {
        do {
            return .success(try regex.firstMatch(in: subject) != nil)
        } catch {
            return .failure(RegexProblem(description: "regular expression failed: \(error)", isTimeout: true))
        }
    }

    /// A match's result, handed from the watchdog's thread.
    private final class Outcome: Sendable {
        private let storage = Mutex<Result<Bool, RegexProblem>?>(nil)
        func set(_ result: Result<Bool, RegexProblem>) { storage.withLock { $0 = result } }
        var value: Result<Bool, RegexProblem>? { storage.withLock { $0 } }
    }

    /// Why a pattern does not compile.
    struct RegexProblem: Error {
        var description: String
        /// The pattern compiled, but matching failed or took too long.
        var isTimeout = false
    }

    /// A compiled regex, immutable once published (see above), so safe to share.
    private final class CompiledPattern: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        /// Which compilation made it (`compilationSerial(of:)`); 0 outside the cache.
        let serial: Int

        init(regex: Regex<AnyRegexOutput>, serial: Int) {
            self.regex = regex
            self.serial = serial
        }
    }
}
