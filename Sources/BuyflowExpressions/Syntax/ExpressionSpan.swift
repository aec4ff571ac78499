/// Where a piece of an expression sits in the text it was parsed from: a UTF-8 byte
/// offset and a length in bytes.
public struct ExpressionSpan: Sendable, Hashable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// The offset just past the span.
    public var end: Int { offset + length }

    /// The span from the start of `first` to the end of `last`.
    public init(from first: ExpressionSpan, through last: ExpressionSpan) {
        self.init(offset: first.offset, length: last.end - first.offset)
    }

    /// The same span, `distance` bytes further on (for expressions inside a larger string).
    public func shifted(by distance: Int) -> ExpressionSpan {
        ExpressionSpan(offset: offset + distance, length: length)
    }
}
