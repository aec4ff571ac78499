import BuyflowCore

/// A literal value written in an expression. Numbers keep the text they were written
/// with, so `160.20` converts to the exact decimal 160.20 and prints back unchanged.
public enum ExpressionLiteral: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int, text: String)
    case double(Double, text: String)
    case string(String)

    /// The literal as a JSON value.
    public var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value, _): .int(value)
        case .double(let value, _): .double(value)
        case .string(let value): .string(value)
        }
    }
}
