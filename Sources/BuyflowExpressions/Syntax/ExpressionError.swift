/// A problem with an expression or template: a syntax error found while parsing, or a
/// type or name error found while evaluating. `offset` and `length` locate it in UTF-8
/// bytes within the text that was parsed (for a template, the whole string).
public struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Lower-case, compiler style: `undefined name 'cartid'`.
    public var message: String
    public var offset: Int
    public var length: Int
    /// A "did you mean" candidate.
    public var suggestion: String?
    /// A note on how to fix it.
    public var hint: String?

    public init(_ message: String, offset: Int, length: Int, suggestion: String? = nil, hint: String? = nil) {
        self.message = message
        self.offset = offset
        self.length = length
        self.suggestion = suggestion
        self.hint = hint
    }

    init(_ message: String, at span: ExpressionSpan, suggestion: String? = nil, hint: String? = nil) {
        self.init(message, offset: span.offset, length: span.length, suggestion: suggestion, hint: hint)
    }

    /// The same error, `distance` bytes further on.
    public func shifted(by distance: Int) -> ExpressionError {
        var copy = self
        copy.offset += distance
        return copy
    }

    public var description: String {
        var text = "\(message) (at byte \(offset))"
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        if let hint { text += "; \(hint)" }
        return text
    }
}
