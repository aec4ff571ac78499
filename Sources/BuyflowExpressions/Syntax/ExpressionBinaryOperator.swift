/// An infix operator. Precedence, loosest first: `||`, `&&`, then `== != in contains
/// matches`, then `< <= > >=`, then `+ -`. Every level associates to the left.
public enum ExpressionBinaryOperator: String, Sendable, Hashable, CaseIterable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case `in` = "in"
    case contains = "contains"
    case matches = "matches"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case plus = "+"
    case minus = "-"

    public var symbol: String { rawValue }

    /// Binding strength: higher binds tighter.
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .in, .contains, .matches: 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .plus, .minus: 5
        }
    }

    /// The operators written as words.
    static let keywords: [String: ExpressionBinaryOperator] = ["in": .in, "contains": .contains, "matches": .matches]
}
