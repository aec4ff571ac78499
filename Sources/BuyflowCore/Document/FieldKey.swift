/// A key a reader asks a mapping for, written as a literal at the call site
/// (`fields["retry"]`, `fields.has("poll")`): its bytes are the literal's own static
/// storage, so a lookup makes no string and walks no string index — the presence bit
/// (`FieldMembers.bit`) and the comparisons read the bytes in place. A name known only
/// at run time is asked for with `member(named:)` and `has(named:)`.
public struct FieldKey: ExpressibleByStringLiteral, Sendable, Equatable, CustomStringConvertible {
    @usableFromInline let text: StaticString

    @inlinable
    public init(stringLiteral value: StaticString) {
        text = value
    }

    /// The key's UTF-8 bytes in the literal's static storage; `nil` for a literal of one
    /// Unicode scalar, which has none (`member(named:)` finds those).
    @inlinable
    public var staticBytes: UnsafeBufferPointer<UInt8>? {
        guard text.hasPointerRepresentation else { return nil }
        return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// The key's UTF-8 bytes, lent to `body`.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text.withUTF8Buffer(body)
    }

    /// The key as a string (for messages and for runtime lookups).
    public var description: String { text.description }

    public static func == (lhs: FieldKey, rhs: FieldKey) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.sameBytes(as: right) } }
    }
}
