/// `schema @directive { query: QueryRoot mutation: Mutation }` (also used for `extend schema`).
public struct SchemaDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var location: Location

    public init(
        description: StringValue? = nil, directives: [Directive] = [],
        operationTypes: [OperationTypeDefinition] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

/// `query: QueryRoot` inside a schema definition.
public struct OperationTypeDefinition: Sendable, Hashable {
    public var operation: OperationType
    public var type: Name
    public var location: Location

    public init(operation: OperationType, type: Name, location: Location = .synthesized) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// A named type definition (or, inside `Definition.typeExtension`, an extension of one).
public enum TypeDefinition: Sendable, Hashable {
    case scalar(ScalarTypeDefinition)
    case object(ObjectTypeDefinition)
    case interface(InterfaceTypeDefinition)
    case union(UnionTypeDefinition)
    case enumType(EnumTypeDefinition)
    case inputObject(InputObjectTypeDefinition)

    public var name: Name {
        switch self {
        case .scalar(let node): node.name
        case .object(let node): node.name
        case .interface(let node): node.name
        case .union(let node): node.name
        case .enumType(let node): node.name
        case .inputObject(let node): node.name
        }
    }

    public var location: Location {
        switch self {
        case .scalar(let node): node.location
        case .object(let node): node.location
        case .interface(let node): node.location
        case .union(let node): node.location
        case .enumType(let node): node.location
        case .inputObject(let node): node.location
        }
    }

    public var directives: [Directive] {
        switch self {
        case .scalar(let node): node.directives
        case .object(let node): node.directives
        case .interface(let node): node.directives
        case .union(let node): node.directives
        case .enumType(let node): node.directives
        case .inputObject(let node): node.directives
        }
    }
}

public struct ScalarTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var location: Location

    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], location: Location = .synthesized) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `type Name implements A & B @directive { fields }`
public struct ObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [Name]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, interfaces: [Name] = [], directives: [Directive] = [],
        fields: [FieldDefinition] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// `interface Name implements A @directive { fields }`
public struct InterfaceTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [Name]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, interfaces: [Name] = [], directives: [Directive] = [],
        fields: [FieldDefinition] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// `name(arguments): Type @directive`
public struct FieldDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        type: TypeReference, directives: [Directive] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}

/// An argument definition or an input object field: `name: Type = default @directive`.
public struct InputValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, type: TypeReference, defaultValue: Value? = nil,
        directives: [Directive] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// `union Name @directive = A | B`
public struct UnionTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var types: [Name]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [], types: [Name] = [],
        location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.types = types
        self.location = location
    }
}

/// `enum Name @directive { VALUES }`
public struct EnumTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        values: [EnumValueDefinition] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.values = values
        self.location = location
    }
}

public struct EnumValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var location: Location

    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], location: Location = .synthesized) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `input Name @directive { fields }`
public struct InputObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        fields: [InputValueDefinition] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// `directive @name(arguments) repeatable on LOCATION | LOCATION`
public struct DirectiveDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    public var locations: [Name]
    public var location: Location

    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        isRepeatable: Bool = false, locations: [Name] = [], location: Location = .synthesized
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }
}
