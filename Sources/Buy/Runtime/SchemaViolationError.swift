import BuyflowCore

/// A response did not have the shape the query asked for: a field held a value of the
/// wrong type (`Shop.name` was a number), a non-null field was `null`, or a field came
/// back that was never selected. Decoding throws this instead of crashing.
public struct SchemaViolationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The response type being decoded, e.g. `Shop`.
    public let type: String
    /// The field, without alias suffix.
    public let field: String
    /// The offending value.
    public let value: JSONValue
    /// What was expected, e.g. `String` or `an object`.
    public let expected: String?

    public init(type: String, field: String, value: JSONValue, expected: String? = nil) {
        self.type = type
        self.field = field
        self.value = value
        self.expected = expected
    }

    public init(type: GraphQL.AbstractResponse.Type, field: String, value: JSONValue, expected: String? = nil) {
        self.init(type: String(describing: type), field: field, value: value, expected: expected)
    }

    /// `Shop.name: expected String, got number 42`
    public var description: String {
        var shown = value.description
        if shown.count > 80 { shown = String(shown.prefix(77)) + "…" }
        guard let expected else { return "\(type).\(field): unexpected value \(shown)" }
        return "\(type).\(field): expected \(expected), got \(value.typeName) \(shown)"
    }
}
