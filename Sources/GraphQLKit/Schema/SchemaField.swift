import BuyflowCore

/// A field of an object or interface type: `name(arguments): Type`.
public final class SchemaField: Sendable, CustomDebugStringConvertible {
    public let name: String
    public let description: String?
    /// The arguments in definition order.
    public let arguments: [SchemaInputValue]
    public let type: TypeRef
    /// The `@deprecated(reason:)` reason; `nil` when the field is not deprecated.
    public let deprecationReason: String?
    /// The field's name in the SDL it was built from; `nil` for introspection results
    /// and built-in definitions.
    public let location: SourceLocation?
    /// Where the field's type is written (for diagnostics).
    let typeLocation: SourceLocation?

    init(
        name: String, description: String?, arguments: [SchemaInputValue], type: TypeRef,
        deprecationReason: String?, location: SourceLocation?, typeLocation: SourceLocation?
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.location = location
        self.typeLocation = typeLocation
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    /// The argument with this name (a linear search: fields have few arguments).
    public func argument(named name: String) -> SchemaInputValue? {
        arguments.first { $0.name == name }
    }

    public var debugDescription: String { "field " + name }
}
