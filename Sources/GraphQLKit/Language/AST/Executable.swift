/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Sendable, Hashable, CaseIterable {
    case query, mutation, subscription
}

/// `query Name($v: T = default @dir) @dir { … }`, or the `{ … }` shorthand
/// (`isShorthand`: an anonymous query written without the keyword).
public struct OperationDefinition: Sendable, Hashable {
    public var operation: OperationType
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var description: StringValue?
    public var isShorthand: Bool
    public var location: Location

    public init(
        operation: OperationType, name: Name? = nil, variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [], selectionSet: SelectionSet, description: StringValue? = nil,
        isShorthand: Bool = false, location: Location = .synthesized
    ) {
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.description = description
        self.isShorthand = isShorthand
        self.location = location
    }

    /// `isShorthand` records layout only (`{ … }` and `query { … }` mean the same), so like
    /// `location` it takes no part in equality: the printer writes the short form for
    /// every anonymous query without variables, directives or description, and
    /// `parse(print(document)) == document` still holds.
    public static func == (lhs: OperationDefinition, rhs: OperationDefinition) -> Bool {
        lhs.operation == rhs.operation && lhs.name == rhs.name && lhs.variableDefinitions == rhs.variableDefinitions
            && lhs.directives == rhs.directives && lhs.selectionSet == rhs.selectionSet
            && lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(operation)
        hasher.combine(name)
        hasher.combine(variableDefinitions)
        hasher.combine(directives)
        hasher.combine(selectionSet)
        hasher.combine(description)
    }
}

/// `$name: Type = default @directive`. `variable.location` is the `$`.
public struct VariableDefinition: Sendable, Hashable {
    public var variable: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var description: StringValue?
    public var location: Location

    public init(
        variable: Name, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [],
        description: StringValue? = nil, location: Location = .synthesized
    ) {
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.description = description
        self.location = location
    }
}

/// `{ selection … }`
public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    public var location: Location

    public init(_ selections: [Selection], location: Location = .synthesized) {
        self.selections = selections
        self.location = location
    }
}

public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var location: Location {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

/// `alias: name(arg: value) @directive { … }`
public struct Field: Sendable, Hashable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    public var location: Location

    public init(
        alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: SelectionSet? = nil, location: Location = .synthesized
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The key of this field in the response: the alias when there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// `name: value`
public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
    public var location: Location

    public init(name: Name, value: Value, location: Location = .synthesized) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `...FragmentName @directive`
public struct FragmentSpread: Sendable, Hashable {
    public var name: Name
    public var directives: [Directive]
    public var location: Location

    public init(name: Name, directives: [Directive] = [], location: Location = .synthesized) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `... on Type @directive { … }` (the type condition is optional).
public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: Name?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: Location

    public init(
        typeCondition: Name? = nil, directives: [Directive] = [], selectionSet: SelectionSet,
        location: Location = .synthesized
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `fragment Name on Type @directive { … }`. `variableDefinitions` holds the legacy
/// experimental fragment variables only when the parser is asked to accept them.
public struct FragmentDefinition: Sendable, Hashable {
    public var name: Name
    public var variableDefinitions: [VariableDefinition]
    public var typeCondition: Name
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var description: StringValue?
    public var location: Location

    public init(
        name: Name, variableDefinitions: [VariableDefinition] = [], typeCondition: Name,
        directives: [Directive] = [], selectionSet: SelectionSet, description: StringValue? = nil,
        location: Location = .synthesized
    ) {
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.description = description
        self.location = location
    }
}

/// `@name(arg: value)`
public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var location: Location

    public init(name: Name, arguments: [Argument] = [], location: Location = .synthesized) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}
