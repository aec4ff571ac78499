import BuyflowCore
import BuyflowExpressions

/// One entry of `assert`.
public struct Assertion: Sendable {
    public enum Check: Sendable {
        /// An expression that must be true.
        case expression(ParsedExpression)
        /// `{that: <expression>, <operator>: <value>}`.
        case comparison(that: ParsedExpression, operator: AssertionOperator, expected: ValueTemplate)
    }

    public var check: Check
    public var location: SourceLocation

    /// The text shown in reports: the expression, or `that <op> expected`.
    public var text: String {
        switch check {
        case .expression(let expression): expression.text
        case .comparison(let that, let op, let expected): "\(that.text) \(op.rawValue) \(expected.sourceText)"
        }
    }
}
