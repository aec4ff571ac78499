/// Where a directive may be used (spec "DirectiveLocations"). The raw values are the
/// `__DirectiveLocation` names, as written in SDL.
public enum DirectiveLocation: String, Hashable, Sendable, CaseIterable {
    // Executable locations.
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    // Type system locations.
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"

    /// True for the locations in executable documents (`QUERY` … `VARIABLE_DEFINITION`).
    public var isExecutable: Bool {
        switch self {
        case .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread,
             .inlineFragment, .variableDefinition:
            true
        default:
            false
        }
    }

    /// The location of an operation of this type.
    public init(_ operation: OperationType) {
        switch operation {
        case .query: self = .query
        case .mutation: self = .mutation
        case .subscription: self = .subscription
        }
    }
}
