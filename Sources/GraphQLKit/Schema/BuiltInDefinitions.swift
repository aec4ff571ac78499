/// The spec's scalars, introspection types and directives, as type-system definitions
/// (the descriptions are graphql-js's). Every schema contains them.
enum BuiltInDefinitions {
    static let scalarNames: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]
    static let introspectionTypeNames: Set<String> = Set(introspectionTypes.map(\.name.value))
    static let directiveNames: Set<String> = Set(directives.map(\.name.value))
    /// The reason `@deprecated` gives when none is written.
    static let defaultDeprecationReason = "No longer supported"

    static let scalars: [TypeDefinition] = [
        scalar("Int", "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1."),
        scalar("Float", "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point)."),
        scalar("String", "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text."),
        scalar("Boolean", "The `Boolean` scalar type represents `true` or `false`."),
        scalar("ID", "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID."),
    ]

    static let introspectionTypes: [TypeDefinition] = [
        object("__Schema", "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations.", [
            field("description", "String"),
            field("types", "[__Type!]!", "A list of all types supported by this server."),
            field("queryType", "__Type!", "The type that query operations will be rooted at."),
            field("mutationType", "__Type", "If this server supports mutation, the type that mutation operations will be rooted at."),
            field("subscriptionType", "__Type", "If this server supports subscription, the type that subscription operations will be rooted at."),
            field("directives", "[__Directive!]!", "A list of all directives supported by this server."),
        ]),
        object("__Directive", "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior in ways field arguments will not suffice, such as conditionally including or skipping a field. Directives provide this by describing additional information to the executor.", [
            field("name", "String!"),
            field("description", "String"),
            field("isRepeatable", "Boolean!"),
            field("locations", "[__DirectiveLocation!]!"),
            field("args", "[__InputValue!]!", arguments: [argument("includeDeprecated", "Boolean", defaultValue: .boolean(false))]),
        ]),
        enumType("__DirectiveLocation", "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.", [
            ("QUERY", "Location adjacent to a query operation."),
            ("MUTATION", "Location adjacent to a mutation operation."),
            ("SUBSCRIPTION", "Location adjacent to a subscription operation."),
            ("FIELD", "Location adjacent to a field."),
            ("FRAGMENT_DEFINITION", "Location adjacent to a fragment definition."),
            ("FRAGMENT_SPREAD", "Location adjacent to a fragment spread."),
            ("INLINE_FRAGMENT", "Location adjacent to an inline fragment."),
            ("VARIABLE_DEFINITION", "Location adjacent to a variable definition."),
            ("SCHEMA", "Location adjacent to a schema definition."),
            ("SCALAR", "Location adjacent to a scalar definition."),
            ("OBJECT", "Location adjacent to an object type definition."),
            ("FIELD_DEFINITION", "Location adjacent to a field definition."),
            ("ARGUMENT_DEFINITION", "Location adjacent to an argument definition."),
            ("INTERFACE", "Location adjacent to an interface definition."),
            ("UNION", "Location adjacent to a union definition."),
            ("ENUM", "Location adjacent to an enum definition."),
            ("ENUM_VALUE", "Location adjacent to an enum value definition."),
            ("INPUT_OBJECT", "Location adjacent to an input object type definition."),
            ("INPUT_FIELD_DEFINITION", "Location adjacent to an input object field definition."),
        ]),
        object("__Type", "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on the kind of a type, certain fields describe information about that type. Scalar types provide no information beyond a name, description and optional `specifiedByURL`, while Enum types provide their values. Object and Interface types provide the fields they describe. Abstract types, Union and Interface, provide the Object types possible at runtime. List and NonNull types compose other types.", [
            field("kind", "__TypeKind!"),
            field("name", "String"),
            field("description", "String"),
            field("specifiedByURL", "String"),
            field("fields", "[__Field!]", arguments: [argument("includeDeprecated", "Boolean", defaultValue: .boolean(false))]),
            field("interfaces", "[__Type!]"),
            field("possibleTypes", "[__Type!]"),
            field("enumValues", "[__EnumValue!]", arguments: [argument("includeDeprecated", "Boolean", defaultValue: .boolean(false))]),
            field("inputFields", "[__InputValue!]", arguments: [argument("includeDeprecated", "Boolean", defaultValue: .boolean(false))]),
            field("ofType", "__Type"),
            field("isOneOf", "Boolean"),
        ]),
        object("__Field", "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.", [
            field("name", "String!"),
            field("description", "String"),
            field("args", "[__InputValue!]!", arguments: [argument("includeDeprecated", "Boolean", defaultValue: .boolean(false))]),
            field("type", "__Type!"),
            field("isDeprecated", "Boolean!"),
            field("deprecationReason", "String"),
        ]),
        object("__InputValue", "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.", [
            field("name", "String!"),
            field("description", "String"),
            field("type", "__Type!"),
            field("defaultValue", "String", "A GraphQL-formatted string representing the default value for this input value."),
            field("isDeprecated", "Boolean!"),
            field("deprecationReason", "String"),
        ]),
        object("__EnumValue", "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string.", [
            field("name", "String!"),
            field("description", "String"),
            field("isDeprecated", "Boolean!"),
            field("deprecationReason", "String"),
        ]),
        enumType("__TypeKind", "An enum describing what kind of type a given `__Type` is.", [
            ("SCALAR", "Indicates this type is a scalar."),
            ("OBJECT", "Indicates this type is an object. `fields` and `interfaces` are valid fields."),
            ("INTERFACE", "Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields."),
            ("UNION", "Indicates this type is a union. `possibleTypes` is a valid field."),
            ("ENUM", "Indicates this type is an enum. `enumValues` is a valid field."),
            ("INPUT_OBJECT", "Indicates this type is an input object. `inputFields` is a valid field."),
            ("LIST", "Indicates this type is a list. `ofType` is a valid field."),
            ("NON_NULL", "Indicates this type is a non-null. `ofType` is a valid field."),
        ]),
    ]

    static let directives: [DirectiveDefinition] = [
        directive("include", "Directs the executor to include this field or fragment only when the `if` argument is true.", arguments: [argument("if", "Boolean!", "Included when true.")], locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"]),
        directive("skip", "Directs the executor to skip this field or fragment when the `if` argument is true.", arguments: [argument("if", "Boolean!", "Skipped when true.")], locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"]),
        directive("deprecated", "Marks an element of a GraphQL schema as no longer supported.", arguments: [argument("reason", "String", "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).", defaultValue: .string("No longer supported", isBlock: false))], locations: ["FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INPUT_FIELD_DEFINITION", "ENUM_VALUE"]),
        directive("specifiedBy", "Exposes a URL that specifies the behavior of this scalar.", arguments: [argument("url", "String!", "The URL that specifies the behavior of this scalar.")], locations: ["SCALAR"]),
        directive("oneOf", "Indicates an Input Object is a OneOf Input Object.", arguments: [], locations: ["INPUT_OBJECT"]),
    ]
}

// MARK: - Building blocks

private func scalar(_ name: String, _ description: String) -> TypeDefinition {
    .scalar(ScalarTypeDefinition(description: StringValue(description, isBlock: true), name: Name(name)))
}

private func object(_ name: String, _ description: String, _ fields: [FieldDefinition]) -> TypeDefinition {
    .object(ObjectTypeDefinition(description: StringValue(description, isBlock: true), name: Name(name), fields: fields))
}

private func enumType(_ name: String, _ description: String, _ values: [(String, String)]) -> TypeDefinition {
    .enumType(EnumTypeDefinition(
        description: StringValue(description, isBlock: true), name: Name(name),
        values: values.map { EnumValueDefinition(description: StringValue($0.1, isBlock: true), name: Name($0.0)) }
    ))
}

private func field(
    _ name: String, _ type: String, _ description: String? = nil, arguments: [InputValueDefinition] = []
) -> FieldDefinition {
    FieldDefinition(
        description: description.map { StringValue($0, isBlock: true) }, name: Name(name), arguments: arguments,
        type: typeReference(type)
    )
}

private func argument(
    _ name: String, _ type: String, _ description: String? = nil, defaultValue: Value.Kind? = nil
) -> InputValueDefinition {
    InputValueDefinition(
        description: description.map { StringValue($0, isBlock: true) }, name: Name(name), type: typeReference(type),
        defaultValue: defaultValue.map { Value($0) }
    )
}

private func directive(
    _ name: String, _ description: String, arguments: [InputValueDefinition], locations: [String]
) -> DirectiveDefinition {
    DirectiveDefinition(
        description: StringValue(description, isBlock: true), name: Name(name), arguments: arguments,
        locations: locations.map { Name($0) }
    )
}

/// `[__Type!]!` → a type reference (the built-ins' types are well formed).
private func typeReference(_ text: String) -> TypeReference {
    if text.hasSuffix("!") { return .nonNull(typeReference(String(text.dropLast())), location: .synthesized) }
    if text.hasPrefix("[") { return .list(typeReference(String(text.dropFirst().dropLast())), location: .synthesized) }
    return .named(Name(text))
}
