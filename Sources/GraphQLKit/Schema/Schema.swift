import BuyflowCore

/// A GraphQL schema: named types, directives and the root operation types. Immutable
/// and `Sendable`; build one from SDL (`Schema(sdl:)`), an introspection result
/// (`Schema(introspectionJSON:)`), a parsed `Document` or a file (`Schema.load`).
///
/// The spec's scalars (`Int`, `Float`, `String`, `Boolean`, `ID`), introspection types
/// (`__Schema` …) and directives (`@include`, `@skip`, `@deprecated`, `@specifiedBy`,
/// `@oneOf`) are always present with their standard definitions.
///
/// Types refer to each other by `TypeID`, an index into `types`: `schema[id]`,
/// `schema[ref]` (the named type of a `TypeRef`) are O(1).
public final class Schema: Sendable {
    /// The schema definition's description (`"""…""" schema { … }`, `__schema.description`).
    public let description: String?
    /// Every named type: the source's types in definition order (an introspection
    /// result's `types` order), then the built-in types the source did not list.
    public let types: [NamedType]
    /// Every directive: the source's in definition order, then the missing built-ins.
    public let directives: [SchemaDirective]
    /// The root operation types (see `rootType(for:)`). A valid schema has a query root
    /// type; every root is an object type.
    public let queryType: NamedType?
    public let mutationType: NamedType?
    public let subscriptionType: NamedType?

    /// The built-in scalars.
    public let intType: NamedType
    public let floatType: NamedType
    public let stringType: NamedType
    public let booleanType: NamedType
    public let idType: NamedType

    /// `__typename: String!`, on every object, interface and union.
    public let typeNameMetaField: SchemaField
    /// `__schema: __Schema!`, on the query root type.
    public let schemaMetaField: SchemaField
    /// `__type(name: String!): __Type`, on the query root type.
    public let typeMetaField: SchemaField

    private let typeIndex: [String: TypeID]
    private let directiveIndex: [String: Int]
    /// Diagnostics' locations: the schema definition and its operation types.
    let sourceLocations: SchemaSourceLocations

    init(parts: SchemaParts) {
        description = parts.description
        types = parts.types
        directives = parts.directives
        queryType = parts.queryType.map { parts.types[$0.index] }
        mutationType = parts.mutationType.map { parts.types[$0.index] }
        subscriptionType = parts.subscriptionType.map { parts.types[$0.index] }
        var typeIndex = [String: TypeID](minimumCapacity: parts.types.count)
        for type in parts.types { typeIndex[type.name] = type.id }
        self.typeIndex = typeIndex
        var directiveIndex = [String: Int](minimumCapacity: parts.directives.count)
        for (offset, directive) in parts.directives.enumerated() { directiveIndex[directive.name] = offset }
        self.directiveIndex = directiveIndex
        func builtIn(_ name: String) -> NamedType { parts.types[typeIndex[name]!.index] }
        intType = builtIn("Int")
        floatType = builtIn("Float")
        stringType = builtIn("String")
        booleanType = builtIn("Boolean")
        idType = builtIn("ID")
        let string = TypeRef.named(typeIndex["String"]!)
        typeNameMetaField = SchemaField(
            name: "__typename", description: "The name of the current Object type at runtime.", arguments: [],
            type: .nonNull(string), deprecationReason: nil, location: nil, typeLocation: nil
        )
        schemaMetaField = SchemaField(
            name: "__schema", description: "Access the current type schema of this server.", arguments: [],
            type: .nonNull(.named(typeIndex["__Schema"]!)), deprecationReason: nil, location: nil, typeLocation: nil
        )
        typeMetaField = SchemaField(
            name: "__type", description: "Request the type information of a single type.",
            arguments: [
                SchemaInputValue(
                    name: "name", description: nil, type: .nonNull(string), defaultValue: nil, deprecationReason: nil,
                    location: nil, typeLocation: nil, deprecatedLocation: nil
                ),
            ],
            type: .named(typeIndex["__Type"]!), deprecationReason: nil, location: nil, typeLocation: nil
        )
        sourceLocations = parts.sourceLocations
    }

    // MARK: - Lookups

    /// The type at `id` (an index into `types`).
    public subscript(id: TypeID) -> NamedType { types[id.index] }

    /// The named type of a type reference (`[CartLineInput!]!` → `CartLineInput`).
    public subscript(ref: TypeRef) -> NamedType { types[ref.namedType.index] }

    /// The type with this name, built-in and introspection types included.
    public func type(named name: String) -> NamedType? {
        typeIndex[name].map { types[$0.index] }
    }

    public func directive(named name: String) -> SchemaDirective? {
        directiveIndex[name].map { directives[$0] }
    }

    /// The root type for an operation, when the schema has one.
    public func rootType(for operation: OperationType) -> NamedType? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    /// The field `name` of an object or interface type, including the meta fields that
    /// selections may use: `__typename` on every object, interface and union, and
    /// `__schema` and `__type` on the query root type.
    public func field(named name: String, on type: NamedType) -> SchemaField? {
        if name.utf8.first == UInt8(ascii: "_"), name.hasPrefix("__") {
            switch name {
            case "__typename" where type.isCompositeType: return typeNameMetaField
            case "__schema" where type === queryType: return schemaMetaField
            case "__type" where type === queryType: return typeMetaField
            default: break
            }
        }
        return type.field(named: name)
    }

    /// The interfaces a type declares, as types.
    public func interfaces(of type: NamedType) -> [NamedType] { type.interfaces.map { self[$0] } }

    /// The object types a value of an abstract type can have at runtime: a union's
    /// members, an interface's implementations. Empty for other kinds.
    public func possibleTypes(of type: NamedType) -> [NamedType] { type.possibleTypes.map { self[$0] } }

    /// The object types and interfaces implementing an interface, in schema order.
    public func implementations(of interface: NamedType) -> (objects: [NamedType], interfaces: [NamedType]) {
        (interface.possibleTypes.map { self[$0] }, interface.implementingInterfaces.map { self[$0] })
    }

    /// The GraphQL notation of a type reference, e.g. `[CartLineInput!]!`.
    public func describe(_ ref: TypeRef) -> String {
        switch ref {
        case .named(let id): types[id.index].name
        case .list(let inner): "[" + describe(inner) + "]"
        case .nonNull(let inner): describe(inner) + "!"
        }
    }

    /// Resolves a type written in a document (a variable's type); `nil` when its named
    /// type does not exist.
    public func typeRef(_ reference: TypeReference) -> TypeRef? {
        switch reference {
        case .named(let name): typeIndex[name.value].map { .named($0) }
        case .list(let inner, _): typeRef(inner).map { .list($0) }
        case .nonNull(let inner, _): typeRef(inner).map { .nonNull($0) }
        }
    }
}

/// Where the schema definition and its root operation types are written.
struct SchemaSourceLocations: Sendable {
    var schemaDefinition: SourceLocation?
    var operationTypes: [OperationType: SourceLocation] = [:]
}

/// Everything `Schema.init(parts:)` needs, produced by `SchemaBuilder`.
struct SchemaParts {
    var description: String?
    var types: [NamedType]
    var directives: [SchemaDirective]
    var queryType: TypeID?
    var mutationType: TypeID?
    var subscriptionType: TypeID?
    var sourceLocations: SchemaSourceLocations
}
