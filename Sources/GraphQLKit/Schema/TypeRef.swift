/// The position of a named type in `Schema.types`. Only meaningful for the schema that
/// produced it; `schema[id]` is the type.
public struct TypeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The index into `Schema.types`.
    public let index: Int

    init(_ index: Int) { self.index = index }

    public static func < (lhs: TypeID, rhs: TypeID) -> Bool { lhs.index < rhs.index }

    public var description: String { "#\(index)" }
}

/// A resolved type reference, such as a field's `[CartLineInput!]!`: list and non-null
/// wrappers around a named type of the schema. Walking to the named type is O(1)
/// (`schema[ref]`); `schema.describe(ref)` gives the GraphQL notation.
///
/// Two references are equal when they denote the same type of the same schema
/// (spec "AreTypesEqual").
public enum TypeRef: Hashable, Sendable {
    /// `T`, nullable.
    case named(TypeID)
    /// `[T]`, nullable.
    indirect case list(TypeRef)
    /// `T!`; never wraps another non-null.
    indirect case nonNull(TypeRef)

    /// The innermost named type.
    public var namedType: TypeID {
        switch self {
        case .named(let id): id
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    /// True for `T!`.
    public var isNonNull: Bool {
        if case .nonNull = self { true } else { false }
    }

    /// True for `[T]` and `[T]!`.
    public var isList: Bool {
        if case .list = nullableType { true } else { false }
    }

    /// The type without its outer non-null wrapper (`T!` → `T`; others unchanged).
    public var nullableType: TypeRef {
        if case .nonNull(let inner) = self { inner } else { self }
    }

    /// The wrapped type of a list or non-null type; `nil` for a named type.
    public var ofType: TypeRef? {
        switch self {
        case .named: nil
        case .list(let inner), .nonNull(let inner): inner
        }
    }
}
