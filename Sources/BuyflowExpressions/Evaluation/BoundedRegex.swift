internal import CPCRE2

/// A compiled regular expression (PCRE2, Perl's syntax, UTF-8 with Unicode classes) whose
/// every match has a budget: at most `stepLimit` steps of the matcher and `heapLimitKiB` of
/// memory, so no pattern and no value — even one written to backtrack exponentially, or a
/// server's message against a user's pattern — runs for more than a fraction of a second,
/// and signals are seen as soon as it returns. A match over budget is an error, never a
/// hang, and nothing runs on after it.
///
/// Immutable once compiled, so one instance is shared by every thread (PCRE2 compiled
/// patterns and match contexts are read-only while matching; match data is per match).
public final class BoundedRegex: @unchecked Sendable {
    /// Matcher steps (`pcre2_set_match_limit`) per match: enough for any linear scan of
    /// a 64 MiB value, far below what exponential backtracking needs.
    public static let stepLimit: UInt32 = 10_000_000
    /// Backtracking memory per match (`pcre2_set_heap_limit`), in KiB.
    public static let heapLimitKiB: UInt32 = 16 << 10

    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// The pattern compiled, but matching stopped at its budget.
        public var isBudget = false
    }

    private let code: OpaquePointer
    private let context: OpaquePointer

    /// Compiles `pattern`; a pattern that does not compile is a `Problem` naming where.
    public init(_ pattern: String) throws(Problem) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        var text = pattern
        let compiled = text.withUTF8 { bytes in
            pcre2_compile_8(bytes.baseAddress, bytes.count, PCRE2_UTF | PCRE2_UCP, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw Problem(description: "\(Self.message(errorCode)) at character \(Self.characters(in: pattern, before: errorOffset) + 1)")
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw Problem(description: "out of memory compiling the regular expression")
        }
        pcre2_set_match_limit_8(context, Self.stepLimit)
        pcre2_set_heap_limit_8(context, Self.heapLimitKiB)
        self.code = compiled
        self.context = context
    }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
    }

    /// Whether the pattern matches somewhere in `subject`; a `Problem` when the match ran
    /// out of its budget.
    public func firstMatch(in subject: String) -> Result<Bool, Problem> {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else {
            return .failure(Problem(description: "out of memory matching the regular expression", isBudget: true))
        }
        defer { pcre2_match_data_free_8(data) }
        var subject = subject
        let status = subject.withUTF8 { bytes in
            pcre2_match_8(code, bytes.baseAddress, bytes.count, 0, 0, data, context)
        }
        switch status {
        case 0...: return .success(true)
        case PCRE2_ERROR_NOMATCH: return .success(false)
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT:
            return .failure(Problem(
                description: "the regular expression gave up on this value after \(Self.stepLimit) steps: its nested quantifiers "
                    + "make it backtrack without end; simplify it (for example '(a+)+' to 'a+')",
                isBudget: true))
        default:
            return .failure(Problem(description: "regular expression failed: \(Self.message(status))", isBudget: true))
        }
    }

    /// PCRE2's text for an error code.
    private static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer[..<Int(length)], as: UTF8.self) : "error \(code)"
    }

    /// Characters (Unicode scalars) in the first `offset` UTF-8 bytes of `text`.
    private static func characters(in text: String, before offset: Int) -> Int {
        text.utf8.prefix(max(0, offset)).reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
