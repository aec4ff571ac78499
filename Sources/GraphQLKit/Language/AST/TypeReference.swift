/// A type as written in a document: `Name`, `[Type]`, `Type!`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(Name)
    case list(TypeReference, location: Location)
    case nonNull(TypeReference, location: Location)

    /// The innermost named type.
    public var namedType: Name {
        switch self {
        case .named(let name): name
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }

    public var location: Location {
        switch self {
        case .named(let name): name.location
        case .list(_, let location), .nonNull(_, let location): location
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { true } else { false }
    }

    /// GraphQL notation, e.g. `[CartLineInput!]!`.
    public var description: String {
        switch self {
        case .named(let name): name.value
        case .list(let inner, _): "[\(inner)]"
        case .nonNull(let inner, _): "\(inner)!"
        }
    }
}
