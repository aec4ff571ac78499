import BuyflowCore

/// The GraphQL operation a step sends: `{"type": "mutation", "name": "CreateCart"}`.
public struct OperationInfo: JSONConvertible, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case query, mutation, subscription
    }

    public var type: Kind
    /// `nil` for an anonymous operation (written as `null`).
    public var name: String?

    public init(type: Kind, name: String?) {
        self.type = type
        self.name = name
    }

    public var jsonValue: JSONValue { ["type": .string(type.rawValue), "name": name.map(JSONValue.string) ?? .null] }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(type: try reader.enumeration("type"), name: try reader.optionalString("name"))
    }
}
