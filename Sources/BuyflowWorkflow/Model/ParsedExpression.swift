import BuyflowCore
import BuyflowExpressions

/// An expression of the workflow (an assertion, a capture, `if`, `until`, `failIf`),
/// parsed, with its text and where it is written.
public struct ParsedExpression: Sendable {
    public var expression: Expression
    /// The text as written (for reports: "the expression").
    public var text: String
    public var location: SourceLocation
    /// Maps an offset in `text` to the file (for diagnostics about a part of it).
    var sourceMap: ScalarSource?
    /// Where `text` starts in the scalar `sourceMap` maps (an expression inside `${{ }}`).
    var baseOffset: Int

    public init(expression: Expression, text: String, location: SourceLocation) {
        self.init(expression: expression, text: text, location: location, sourceMap: nil, baseOffset: 0)
    }

    init(expression: Expression, text: String, location: SourceLocation, sourceMap: ScalarSource?, baseOffset: Int) {
        self.expression = expression
        self.text = text
        self.location = location
        self.sourceMap = sourceMap
        self.baseOffset = baseOffset
    }

    /// The file location of a UTF-8 offset inside `text`.
    func location(ofOffset offset: Int) -> SourceLocation {
        sourceMap?.location(ofUTF8Offset: baseOffset + offset) ?? location
    }
}
