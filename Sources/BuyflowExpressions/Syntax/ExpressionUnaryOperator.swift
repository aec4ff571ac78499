/// A prefix operator.
public enum ExpressionUnaryOperator: String, Sendable, Hashable, CaseIterable {
    /// `!x`: boolean negation.
    case not = "!"
    /// `-x`: numeric negation.
    case negate = "-"

    public var symbol: String { rawValue }
}
