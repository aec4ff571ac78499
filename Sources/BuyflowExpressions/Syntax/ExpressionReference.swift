/// A path an expression reads, for the loader's static checks: the root name and each
/// step with its location (UTF-8 byte offsets in the parsed text).
public struct ExpressionReference: Sendable, Hashable {
    public struct Component: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// `.name`, or `["name"]` written with a string literal.
            case member(String)
            /// `[2]` written with an integer literal.
            case index(Int)
            /// `[expression]` known only when evaluated.
            case dynamic
        }

        public var kind: Kind
        /// A member's name (without the dot), or the brackets.
        public var span: ExpressionSpan
    }

    public var root: String
    public var rootSpan: ExpressionSpan
    public var components: [Component]
    /// True when the path is the argument of `exists(…)`, where an undefined root is allowed.
    public var isExistenceTest: Bool

    /// From the root to the end of the last component.
    public var span: ExpressionSpan {
        guard let last = components.last else { return rootSpan }
        return ExpressionSpan(from: rootSpan, through: last.span)
    }

    /// The same reference, `distance` bytes further on.
    public func shifted(by distance: Int) -> ExpressionReference {
        var copy = self
        copy.rootSpan = rootSpan.shifted(by: distance)
        copy.components = components.map { Component(kind: $0.kind, span: $0.span.shifted(by: distance)) }
        return copy
    }
}
