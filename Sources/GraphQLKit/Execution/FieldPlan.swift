import BuyflowCore

/// The result of CollectFields for one group of merged selection sets on one object
/// type: the fields to execute, in response order, each with everything execution
/// needs looked up in advance (definition, resolver, constant arguments, how to
/// complete its value and the plans of its sub-selections).
///
/// Plans of a prepared operation are immutable and shared by concurrent executions.
final class FieldPlan: Sendable {
    let objectType: NamedType
    let fields: [PlannedField]
    /// How many fields reach an asynchronous resolver.
    let asyncFieldCount: Int
    /// The `@defer` fragments left out of `fields`, in document order: only plans made
    /// for an incremental execution have any.
    let deferred: [DeferredFragment]
    /// Every field reads its parent's JSON member (the default resolver) and is a leaf
    /// that is not a list, or is `__typename`: on a JSON object, `SerializingExecution`
    /// writes such a selection straight from the object's members, with no response
    /// path unless a field fails.
    let readsLeafMembersOnly: Bool

    init(objectType: NamedType, fields: [PlannedField], deferred: [DeferredFragment] = []) {
        self.objectType = objectType
        self.fields = fields
        self.deferred = deferred
        self.asyncFieldCount = fields.reduce(0) { $0 + ($1.needsAsync ? 1 : 0) }
        readsLeafMembersOnly = deferred.isEmpty && !fields.isEmpty && fields.allSatisfy { field in
            switch field.completion {
            case .typeName: true
            case .leaf: field.readsMember && field.shape.allSatisfy { $0 != .list }
            case .object, .abstract: false
            }
        }
    }

    var needsAsync: Bool { asyncFieldCount > 0 }
}

/// One response key of a `FieldPlan`: the fields merged under it.
final class PlannedField: Sendable {
    enum Arguments: Sendable {
        /// Coerced in advance (no variables).
        case constant(JSONObject)
        /// Coerced at each execution, with the variables.
        case variables
        /// Invalid whatever the variables: a field error at each execution.
        case invalid(FieldFailure)
    }

    enum Completion: Sendable {
        case leaf(LeafKind)
        case object
        case abstract(NamedType)
        /// `__typename`: the object type's name, no resolver.
        case typeName
    }

    enum Children: Sendable {
        case none
        /// The plan for the field's object type.
        case object(FieldPlan)
        /// The plans for the possible types of the field's interface or union, by
        /// `TypeID.index`.
        case abstract([Int: FieldPlan])
        /// Planned at each execution: `@skip`/`@include` on variables decide what is
        /// collected.
        case dynamic([CompiledSelectionSet])
    }

    let responseKey: String
    let name: String
    let definition: SchemaField
    let parentType: NamedType
    /// The merged selections, in document order; the first one's arguments apply.
    let nodes: [CompiledField]
    let resolver: FieldResolver
    let arguments: Arguments
    let completion: Completion
    let children: Children
    /// Whether this field's resolver or one below it is asynchronous.
    let needsAsync: Bool
    /// The locations of the merged selections, for errors.
    let locations: [GraphQLError.Location]
    /// `"responseKey":` as JSON bytes, for `SerializingExecution`: kept outside an array
    /// so appending them retains nothing (one retain and release less per field written);
    /// freed in `deinit`.
    let memberPrefix: FixedBytes
    /// The resolver is `FieldResolver.jsonMember` (checked without copying the resolver).
    let readsMember: Bool
    /// The return type's wrappers from the outside in, then `.named`: `[String!]!` is
    /// `[.nonNull, .list, .nonNull, .named]` (walked by index, no enum boxes to copy).
    let shape: [TypeShape]

    enum TypeShape: UInt8, Sendable {
        case nonNull, list, named
    }

    init(
        nodes: [CompiledField], definition: SchemaField, parentType: NamedType, resolver: FieldResolver,
        arguments: Arguments, completion: Completion, children: Children, needsAsync: Bool
    ) {
        self.responseKey = nodes[0].responseKey
        self.name = nodes[0].name
        self.definition = definition
        self.parentType = parentType
        self.nodes = nodes
        self.resolver = resolver
        self.arguments = arguments
        self.completion = completion
        self.children = children
        self.needsAsync = needsAsync
        self.locations = nodes.compactMap { GraphQLError.Location($0.node.location) }
        self.memberPrefix = FixedBytes(JSONBytes.memberPrefix(nodes[0].responseKey))
        if case .member = resolver.body { readsMember = true } else { readsMember = false }
        var shape: [TypeShape] = []
        var type = definition.type
        while let inner = type.ofType {
            shape.append(type.isNonNull ? .nonNull : .list)
            type = inner
        }
        shape.append(.named)
        self.shape = shape
    }

    deinit { memberPrefix.deallocate() }

    var returnType: TypeRef { definition.type }
}
