import BuyflowCore

/// A directive definition: `directive @name(arguments) repeatable on LOCATIONS`.
public final class SchemaDirective: Sendable, CustomDebugStringConvertible {
    /// The name without `@`.
    public let name: String
    public let description: String?
    public let arguments: [SchemaInputValue]
    public let isRepeatable: Bool
    public let locations: [DirectiveLocation]
    /// One of the spec's directives (`@include`, `@skip`, `@deprecated`, `@specifiedBy`,
    /// `@oneOf`), always present with its standard definition.
    public let isBuiltIn: Bool
    /// The name in the SDL it was built from; `nil` for introspection and built-ins.
    public let location: SourceLocation?

    init(
        name: String, description: String?, arguments: [SchemaInputValue], isRepeatable: Bool,
        locations: [DirectiveLocation], isBuiltIn: Bool, location: SourceLocation?
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.isBuiltIn = isBuiltIn
        self.location = location
    }

    public func argument(named name: String) -> SchemaInputValue? {
        arguments.first { $0.name == name }
    }

    /// True when the directive may be used at `location`.
    public func isAllowed(at location: DirectiveLocation) -> Bool { locations.contains(location) }

    public var debugDescription: String { "directive @" + name }
}
