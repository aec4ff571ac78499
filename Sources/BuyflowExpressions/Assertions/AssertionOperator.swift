import BuyflowCore

/// The operators of a mapping assertion `{that: <expression>, <operator>: <value>}`.
///
/// Same semantics as the expression operators (typed deep equality, `2 == 2.0`), with one
/// rule for money: `gt`, `gte`, `lt` and `lte` compare by exact decimal value when both
/// sides are numbers or strings holding a decimal (`"160.20"`), so `{that: amount, gt: 100}`
/// works on the strings the Storefront API sends; two other strings compare
/// lexicographically. `equals`, `notEquals` and `oneOf` stay typed (`"160.2"` is not `160.2`):
/// compare money with `decimal(x) == 160.2` in an expression.
public enum AssertionOperator: String, CaseIterable, Sendable {
    /// Deep, typed equality.
    case equals
    case notEquals
    /// The actual list has the element, the actual string the substring, the actual object the key.
    case contains
    /// The actual string matches the regular expression (a search, not a whole match).
    case matches
    /// `exists: true` holds for a non-null value, `exists: false` for null.
    case exists
    /// The actual value's type: `null`, `boolean`, `number`, `string`, `list` (or `array`), `object`.
    case type
    /// The length of a string (characters), list or object.
    case length
    case gt, gte, lt, lte
    /// The actual value equals one of the expected list's elements.
    case oneOf

    /// How the operator reads in messages.
    public var symbol: String {
        switch self {
        case .equals: "=="
        case .notEquals: "!="
        case .contains: "contains"
        case .matches: "matches"
        case .exists: "exists"
        case .type: "type"
        case .length: "length"
        case .gt: ">"
        case .gte: ">="
        case .lt: "<"
        case .lte: "<="
        case .oneOf: "one of"
        }
    }

    /// Whether `actual` satisfies the operator with `expected`. A wrong kind of expected value
    /// (`length: "x"`) or an actual value the operator cannot apply to is an error
    /// (offset 0: the caller locates it at the assertion).
    public func holds(actual: JSONValue, expected: JSONValue) throws(ExpressionError) -> Bool {
        let left = EvaluatedValue.json(actual)
        let right = EvaluatedValue.json(expected)
        switch self {
        case .equals:
            return ExpressionSemantics.jsonEqual(actual, expected)
        case .notEquals:
            return !ExpressionSemantics.jsonEqual(actual, expected)
        case .contains:
            guard let found = ExpressionSemantics.contains(left, right) else {
                throw problem("'contains' cannot look for \(right.described) in \(left.described)")
            }
            return found
        case .matches:
            return try Self.matches(actual, expected)
        case .exists:
            guard case .bool(let flag) = expected else { throw problem("'exists' takes true or false, not \(right.described)") }
            return actual.isNull != flag
        case .type:
            guard case .string(let name) = expected else { throw problem("'type' takes a type name, not \(right.described)") }
            return try Self.typeName(name) == EvaluatedValue.typeName(of: actual)
        case .length:
            guard let length = expected.intValue, length >= 0 else {
                throw problem("'length' takes a whole number, not \(right.described)")
            }
            switch actual {
            case .string(let string): return string.count == length
            case .array(let items): return items.count == length
            case .object(let object): return object.count == length
            default: throw problem("'length' needs a string, a list or an object, but the value is \(left.described)")
            }
        case .gt, .gte, .lt, .lte:
            guard let order = Self.order(actual, expected) else {
                throw problem("cannot compare \(left.described) with \(right.described) using '\(symbol)'")
            }
            switch self {
            case .gt: return order > 0
            case .gte: return order >= 0
            case .lt: return order < 0
            default: return order <= 0
            }
        case .oneOf:
            guard case .array(let choices) = expected else { throw problem("'oneOf' takes a list, not \(right.described)") }
            return choices.contains { ExpressionSemantics.jsonEqual(actual, $0) }
        }
    }

    private func problem(_ message: String, suggestion: String? = nil) -> ExpressionError {
        ExpressionError(message, offset: 0, length: 0, suggestion: suggestion)
    }

    static let typeNames = ["null", "boolean", "number", "string", "list", "object"]

    private static func typeName(_ name: String) throws(ExpressionError) -> String {
        switch name {
        case "array": return "list"
        case "bool": return "boolean"
        case _ where typeNames.contains(name): return name
        default:
            throw ExpressionError(
                "unknown type '\(name)'", offset: 0, length: 0,
                suggestion: Suggestions.closest(to: name, among: typeNames),
                hint: "the types are \(typeNames.joined(separator: ", "))")
        }
    }

    /// Numbers and decimal strings by exact value, other strings lexicographically.
    private static func order(_ actual: JSONValue, _ expected: JSONValue) -> Int? {
        let numeric: (JSONValue) -> Bool = { $0.doubleValue != nil || ($0.stringValue.flatMap(DecimalNumber.exact) != nil) }
        if numeric(actual), numeric(expected), actual.stringValue != nil || expected.stringValue != nil {
            guard let a = ExpressionSemantics.decimal(from: actual), let b = ExpressionSemantics.decimal(from: expected) else {
                return nil
            }
            return a.compared(to: b)
        }
        return ExpressionSemantics.compare(.json(actual), .json(expected))
    }

    private static func matches(_ actual: JSONValue, _ expected: JSONValue) throws(ExpressionError) -> Bool {
        guard case .string(let pattern) = expected else {
            throw ExpressionError("'matches' takes a pattern (a string), not \(EvaluatedValue.json(expected).described)", offset: 0, length: 0)
        }
        guard case .string(let subject) = actual else {
            throw ExpressionError("'matches' needs a string, but the value is \(EvaluatedValue.json(actual).described)", offset: 0, length: 0)
        }
        switch ExpressionRegexCache.firstMatch(pattern, in: subject) {
        case .success(let found):
            return found
        case .failure(let problem) where problem.isBudget:
            throw ExpressionError(problem.description, offset: 0, length: 0)
        case .failure(let problem):
            let line = problem.description.split(separator: "\n").first.map(String.init) ?? ""
            throw ExpressionError("invalid regular expression: \(line)", offset: 0, length: 0)
        }
    }
}
