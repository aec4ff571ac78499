/// The generator's first stage: the schema reduced to what Swift code needs, with the
/// Swift names and types decided (`SchemaModel.init(schema:options:)`). Built-in and
/// introspection types are left out; every list is sorted by GraphQL name, so SDL and
/// introspection JSON of one schema give one model.
public struct SchemaModel: Sendable, Hashable {
    public var options: GeneratorOptions
    /// The schema's description.
    public var description: String?
    /// Objects, interfaces and unions.
    public var compositeTypes: [ModelCompositeType]
    public var enums: [ModelEnum]
    public var inputObjects: [ModelInputObject]
    /// Custom scalars (not the built-in ones) and their Swift types.
    public var scalars: [ModelScalar]
    /// The root types' names.
    public var queryType: String?
    public var mutationType: String?

    public init(
        options: GeneratorOptions, description: String?, compositeTypes: [ModelCompositeType], enums: [ModelEnum],
        inputObjects: [ModelInputObject], scalars: [ModelScalar], queryType: String?, mutationType: String?
    ) {
        self.options = options
        self.description = description
        self.compositeTypes = compositeTypes
        self.enums = enums
        self.inputObjects = inputObjects
        self.scalars = scalars
        self.queryType = queryType
        self.mutationType = mutationType
    }

    /// The composite type named `name`.
    public func compositeType(named name: String) -> ModelCompositeType? {
        compositeTypes.first { $0.name == name }
    }
}

/// An object, interface or union type.
public struct ModelCompositeType: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case object
        case interface
        case union
    }

    public var name: String
    public var kind: Kind
    public var description: String?
    /// Objects and interfaces: the fields, in schema order. Unions: none.
    public var fields: [ModelField]
    /// Objects and interfaces: the interfaces they implement; objects also list the
    /// unions they are members of (both become Swift protocols).
    public var conformances: [String]
    /// Interfaces and unions: the object types a value can be, by name.
    public var possibleTypes: [String]
    /// Interfaces: the names of the fields every implementation has with the same Swift
    /// type, which the protocol can require (a covariant field cannot be).
    public var protocolFields: [String]
    /// `query` or `mutation` for a root type.
    public var operation: String?

    public init(
        name: String, kind: Kind, description: String?, fields: [ModelField], conformances: [String],
        possibleTypes: [String], protocolFields: [String], operation: String?
    ) {
        self.name = name
        self.kind = kind
        self.description = description
        self.fields = fields
        self.conformances = conformances
        self.possibleTypes = possibleTypes
        self.protocolFields = protocolFields
        self.operation = operation
    }
}

/// A field of an object or interface.
public struct ModelField: Sendable, Hashable {
    /// The GraphQL name, `onlineStoreUrl`.
    public var name: String
    /// The Swift member name of the response property (escaped or renamed when it
    /// would clash with a keyword or a runtime member).
    public var swiftName: String
    public var description: String?
    public var deprecationReason: String?
    public var arguments: [ModelArgument]
    public var type: ModelTypeRef

    public init(
        name: String, swiftName: String, description: String?, deprecationReason: String?, arguments: [ModelArgument],
        type: ModelTypeRef
    ) {
        self.name = name
        self.swiftName = swiftName
        self.description = description
        self.deprecationReason = deprecationReason
        self.arguments = arguments
        self.type = type
    }
}

/// An argument of a field, or a field of an input object.
public struct ModelArgument: Sendable, Hashable {
    public var name: String
    /// The Swift parameter or property name.
    public var swiftName: String
    public var description: String?
    public var deprecationReason: String?
    public var type: ModelTypeRef
    /// Whether the schema gives a default value (the argument may then be left out even
    /// when its type is non-null).
    public var hasDefault: Bool

    public init(name: String, swiftName: String, description: String?, deprecationReason: String?, type: ModelTypeRef, hasDefault: Bool) {
        self.name = name
        self.swiftName = swiftName
        self.description = description
        self.deprecationReason = deprecationReason
        self.type = type
        self.hasDefault = hasDefault
    }

    /// A value must be given: non-null without a default.
    public var isRequired: Bool { !type.isNullable && !hasDefault }
}

/// An enum type.
public struct ModelEnum: Sendable, Hashable {
    public struct Value: Sendable, Hashable {
        public var name: String
        /// The Swift case name, `bestSelling` for `BEST_SELLING`.
        public var swiftName: String
        public var description: String?
        public var deprecationReason: String?

        public init(name: String, swiftName: String, description: String?, deprecationReason: String?) {
            self.name = name
            self.swiftName = swiftName
            self.description = description
            self.deprecationReason = deprecationReason
        }
    }

    public var name: String
    public var description: String?
    public var values: [Value]

    public init(name: String, description: String?, values: [Value]) {
        self.name = name
        self.description = description
        self.values = values
    }
}

/// An input object type.
public struct ModelInputObject: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var fields: [ModelArgument]
    public var isOneOf: Bool

    public init(name: String, description: String?, fields: [ModelArgument], isOneOf: Bool) {
        self.name = name
        self.description = description
        self.fields = fields
        self.isOneOf = isOneOf
    }
}

/// A custom scalar and the Swift type it maps to.
public struct ModelScalar: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var swiftType: String

    public init(name: String, description: String?, swiftType: String) {
        self.name = name
        self.description = description
        self.swiftType = swiftType
    }
}
