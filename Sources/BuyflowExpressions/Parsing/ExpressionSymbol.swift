/// Punctuation and operator tokens.
enum ExpressionSymbol: String, Sendable {
    case dot = "."
    case comma = ","
    case leftParen = "("
    case rightParen = ")"
    case leftBracket = "["
    case rightBracket = "]"
    case bang = "!"
    case minus = "-"
    case plus = "+"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"

    /// The binary operator this symbol spells, if any.
    var binaryOperator: ExpressionBinaryOperator? { ExpressionBinaryOperator(rawValue: rawValue) }
}
