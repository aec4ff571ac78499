import BuyflowCore

/// What a resolver returns, and what a field's sub-fields receive as their parent.
///
/// - `json`: plain data. A JSON object's members are read by the default resolver
///   (`FieldResolver.jsonMember`), so a catalog held as JSON resolves with no code; an
///   object member `__typename` names its type where an interface or union is expected.
/// - `object`: any application value (a cart, a product), for type-specific resolvers
///   to read back with `FieldCall.parent(as:)`. `typeName` names its object type where
///   an interface or union is expected.
/// - `list`: the items of a list field.
public enum ResolvedValue: Sendable {
    case null
    case json(JSONValue)
    indirect case object(any Sendable, typeName: String? = nil)
    case list([ResolvedValue])

    public var isNull: Bool {
        switch self {
        case .null, .json(.null): true
        default: false
        }
    }

    /// The JSON value, when this is `json` (or `null`).
    public var jsonValue: JSONValue? {
        switch self {
        case .json(let value): value
        case .null: .null
        default: nil
        }
    }

    /// The application value of `object` as `T`.
    public func value<T>(as type: T.Type) -> T? {
        if case .object(let value, _) = self { value as? T } else { nil }
    }

    /// A member of a JSON object (`null` when absent or not an object), as the default
    /// resolver reads it.
    public func member(_ name: String) -> ResolvedValue {
        if case .json(.object(let object)) = self, let value = object[name] { return .json(value) }
        return .null
    }

    /// The type name an abstract position would use: `object`'s `typeName`, else a JSON
    /// object's `__typename` member.
    public var typeName: String? {
        switch self {
        case .object(_, let typeName): typeName
        case .json(.object(let object)): object["__typename"]?.stringValue
        default: nil
        }
    }
}

extension ResolvedValue: ExpressibleByNilLiteral, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(stringLiteral value: String) { self = .json(.string(value)) }
    public init(integerLiteral value: Int) { self = .json(.int(value)) }
    public init(floatLiteral value: Double) { self = .json(.double(value)) }
    public init(booleanLiteral value: Bool) { self = .json(.bool(value)) }
    public init(arrayLiteral elements: ResolvedValue...) { self = .list(elements) }
}

extension ResolvedValue {
    /// `.json(.string(value))`, or `.null` for `nil`.
    public static func string(_ value: String?) -> ResolvedValue { value.map { .json(.string($0)) } ?? .null }
    /// `.json(.int(value))`, or `.null` for `nil`.
    public static func int(_ value: Int?) -> ResolvedValue { value.map { .json(.int($0)) } ?? .null }
    /// `.json(.double(value))`, or `.null` for `nil`.
    public static func double(_ value: Double?) -> ResolvedValue { value.map { .json(.double($0)) } ?? .null }
    /// `.json(.bool(value))`, or `.null` for `nil`.
    public static func bool(_ value: Bool?) -> ResolvedValue { value.map { .json(.bool($0)) } ?? .null }
    /// A list of application values (`object` items, each with the same `typeName`).
    public static func objects<S: Sequence>(_ values: S, typeName: String? = nil) -> ResolvedValue where S.Element: Sendable {
        .list(values.map { .object($0, typeName: typeName) })
    }
}
