import BuyflowCore

/// A value inside the evaluator: JSON, or an exact decimal made by `decimal()`, `sum()`
/// or arithmetic on decimals. A decimal leaves the evaluator as a JSON string in its
/// canonical form (``DecimalNumber/description``: digits, a point and the decimals it
/// carries, never an exponent: `"160.20"`).
enum EvaluatedValue: Sendable {
    case json(JSONValue)
    case decimal(DecimalNumber)

    static let null = EvaluatedValue.json(.null)

    var json: JSONValue {
        switch self {
        case .json(let value): value
        case .decimal(let value): .string(value.description)
        }
    }

    /// The type name `type()` gives: a decimal is a `"number"`.
    var typeName: String {
        switch self {
        case .json(let value): Self.typeName(of: value)
        case .decimal: "number"
        }
    }

    static func typeName(of value: JSONValue) -> String {
        if case .array = value { return "list" }
        return value.typeName
    }

    /// `a string`, `an object`, `null`: for messages.
    var described: String {
        switch self {
        case .json(.null): "null"
        case .json(.object): "an object"
        case .json(.array): "a list"
        case .json(.bool): "a boolean"
        case .json(.int), .json(.double): "a number"
        case .json(.string): "a string"
        case .decimal: "a decimal"
        }
    }
}
