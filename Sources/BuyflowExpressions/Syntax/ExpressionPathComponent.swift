/// One step of a path after its root: `.name`, `[0]` or `[expression]`.
public struct ExpressionPathComponent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `.name` (after a dot a name may hold `-`, as step ids do: `steps.create-cart`).
        case member(String)
        /// `[2]`: a list index written as an integer literal.
        case index(Int)
        /// `[expression]`: a string selects a member (`headers["x-request-id"]`), a number an element.
        case `subscript`(Expression)
    }

    public var kind: Kind
    /// For a member, the name (without the dot); for an index or subscript, the brackets and what is inside.
    public var span: ExpressionSpan

    public init(_ kind: Kind, span: ExpressionSpan) {
        self.kind = kind
        self.span = span
    }
}
