/// A parsed GraphQL document: executable definitions, type-system definitions or both.
public struct Document: Sendable, Hashable {
    public var definitions: [Definition]
    /// The path of the source, used to turn `Location`s into diagnostics' locations.
    /// Not part of equality.
    public var path: String

    public init(definitions: [Definition], path: String = "<document>") {
        self.definitions = definitions
        self.path = path
    }

    /// The first operation, found without building `operations`.
    public var firstOperation: OperationDefinition? {
        for definition in definitions {
            if case .operation(let operation) = definition { return operation }
        }
        return nil
    }

    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let operation) = $0 { operation } else { nil } }
    }

    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
    }

    public static func == (lhs: Document, rhs: Document) -> Bool { lhs.definitions == rhs.definitions }
    public func hash(into hasher: inout Hasher) { hasher.combine(definitions) }
}

/// One top-level definition of a document.
public enum Definition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    case type(TypeDefinition)
    case directive(DirectiveDefinition)
    /// `extend schema …`: a `SchemaDefinition` without description.
    case schemaExtension(SchemaDefinition)
    /// `extend type …` (and scalar, interface, union, enum, input): a `TypeDefinition`
    /// without description whose lists hold only what the extension adds.
    case typeExtension(TypeDefinition)

    public var location: Location {
        switch self {
        case .operation(let node): node.location
        case .fragment(let node): node.location
        case .schema(let node), .schemaExtension(let node): node.location
        case .type(let node), .typeExtension(let node): node.location
        case .directive(let node): node.location
        }
    }

    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}
