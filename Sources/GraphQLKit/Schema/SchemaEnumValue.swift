import BuyflowCore

/// A value of an enum type.
public final class SchemaEnumValue: Sendable, CustomDebugStringConvertible {
    public let name: String
    public let description: String?
    /// The `@deprecated(reason:)` reason; `nil` when not deprecated.
    public let deprecationReason: String?
    /// The name in the SDL it was built from; `nil` for introspection and built-ins.
    public let location: SourceLocation?

    init(name: String, description: String?, deprecationReason: String?, location: SourceLocation?) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.location = location
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    public var debugDescription: String { "enum value " + name }
}
