import BuyflowCore

/// An argument of a field or directive, or a field of an input object type:
/// `name: Type = default`.
public final class SchemaInputValue: Sendable, CustomDebugStringConvertible {
    public let name: String
    public let description: String?
    public let type: TypeRef
    /// The default value as written (constant, not yet coerced); `nil` when there is none.
    /// An explicit `= null` default is `Value(.null)`, not `nil`.
    public let defaultValue: Value?
    /// The `@deprecated(reason:)` reason; `nil` when not deprecated.
    public let deprecationReason: String?
    /// The name in the SDL it was built from; `nil` for introspection and built-ins.
    public let location: SourceLocation?
    let typeLocation: SourceLocation?
    /// Where `@deprecated` is applied (for diagnostics).
    let deprecatedLocation: SourceLocation?

    init(
        name: String, description: String?, type: TypeRef, defaultValue: Value?, deprecationReason: String?,
        location: SourceLocation?, typeLocation: SourceLocation?, deprecatedLocation: SourceLocation?
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.location = location
        self.typeLocation = typeLocation
        self.deprecatedLocation = deprecatedLocation
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    /// Non-null without a default value: a value must be provided.
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }

    public var debugDescription: String { "input value " + name }
}
