import BuyflowCore
import BuyflowExpressions

/// An expression of the workflow (an assertion, a capture, `if`, `until`, `failIf`),
/// parsed, with its text and where it is written.
public struct ParsedExpression: Sendable {
    public var expression: Expression
    /// The text as written (for reports: "the expression").
    public var text: String
    public var location: SourceLocation

    public init(expression: Expression, text: String, location: SourceLocation) {
        self.expression = expression
        self.text = text
        self.location = location
    }
}
