/// A field's or argument's type in the model: list and nullability wrappers around a
/// named type whose kind is known, so that rendering needs no schema.
public indirect enum ModelTypeRef: Sendable, Hashable {
    /// A named type; `nullable` tells whether `null` is allowed.
    case named(name: String, kind: ModelNamedKind, nullable: Bool)
    /// A list of `element`.
    case list(element: ModelTypeRef, nullable: Bool)

    public var isNullable: Bool {
        switch self {
        case .named(_, _, let nullable), .list(_, let nullable): nullable
        }
    }

    /// The innermost named type's name and kind.
    public var named: (name: String, kind: ModelNamedKind) {
        switch self {
        case .named(let name, let kind, _): (name, kind)
        case .list(let element, _): element.named
        }
    }

    /// The same type, non-null at the outside.
    public var nonNull: ModelTypeRef {
        switch self {
        case .named(let name, let kind, _): .named(name: name, kind: kind, nullable: false)
        case .list(let element, _): .list(element: element, nullable: false)
        }
    }
}

/// What a named type is, as far as rendering a reference to it needs.
public enum ModelNamedKind: Sendable, Hashable {
    /// A scalar and the Swift type it maps to (`Date`, `GraphQL.ID`, `String`).
    case scalar(swiftType: String)
    case `enum`
    case object
    case interface
    case union
    case inputObject

    /// Interfaces and unions.
    public var isAbstract: Bool { self == .interface || self == .union }
    /// Objects, interfaces and unions: fields of these types take a selection.
    public var isComposite: Bool { self == .object || isAbstract }
}
