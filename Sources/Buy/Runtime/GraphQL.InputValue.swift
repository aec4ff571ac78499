extension GraphQL {
    /// A Swift value that can be written into a query as a GraphQL literal: scalars,
    /// IDs, enums (`GraphQL.EnumType`), input objects, lists and optionals of them.
    public protocol InputValue {
        var graphQLValue: Value { get }
    }

    /// A generated enum: its raw value is the GraphQL name, written bare in arguments.
    /// Decoding an unknown name gives `unknownValue`, so new server values never fail.
    public protocol EnumType: RawRepresentable, InputValue, Sendable, Hashable where RawValue == String {
        static var unknownValue: Self { get }
    }
}

extension GraphQL.EnumType {
    public var graphQLValue: GraphQL.Value { .enumValue(rawValue) }

    /// The case named `name`, or `unknownValue`.
    public init(graphQLName name: String) {
        self = Self(rawValue: name) ?? Self.unknownValue
    }
}

extension String: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { .string(self) }
}

extension Int: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { .int(self) }
}

extension Int32: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { .int(Int(self)) }
}

extension Double: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { .float(self) }
}

extension Bool: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { .boolean(self) }
}

extension GraphQL.ID: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { .string(rawValue) }
}

extension Optional: GraphQL.InputValue where Wrapped: GraphQL.InputValue {
    /// `nil` is written as `null`.
    public var graphQLValue: GraphQL.Value { self?.graphQLValue ?? .null }
}

extension Array: GraphQL.InputValue where Element: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { .list(map(\.graphQLValue)) }
}

extension GraphQL.Value: GraphQL.InputValue {
    public var graphQLValue: GraphQL.Value { self }
}
