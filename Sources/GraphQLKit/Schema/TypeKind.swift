/// The kind of a named type. The raw values are the `__TypeKind` names.
public enum TypeKind: String, Hashable, Sendable, CaseIterable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case inputObject = "INPUT_OBJECT"

    /// How the kind is written in SDL and in messages: `scalar`, `type`, `interface`,
    /// `union`, `enum`, `input`.
    public var keyword: String {
        switch self {
        case .scalar: "scalar"
        case .object: "type"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input"
        }
    }
}
