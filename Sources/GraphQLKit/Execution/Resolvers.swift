/// The resolvers of a schema: one per field that does not simply read its parent's JSON
/// member, a type resolver per interface or union that needs one, and fallbacks.
///
///     var resolvers = Resolvers()
///     resolvers.field("QueryRoot", "product") { call in
///         let shop = call.context(as: Shop.self)!
///         return shop.product(handle: call[argument: "handle"]?.stringValue).map { .json($0) } ?? .null
///     }
///     resolvers.asyncField("QueryRoot", "remote") { call in try await fetch(call) }
///
/// Names are checked against a schema by `unmatchedNames(in:)`.
public struct Resolvers: Sendable {
    private var fields: [String: [String: FieldResolver]] = [:]
    private var typeResolvers: [String: TypeResolver] = [:]

    /// Resolves the fields that have no resolver of their own; `jsonMember` by default
    /// (a schema-driven mock sets its own).
    public var defaultFieldResolver: FieldResolver = .jsonMember
    /// Resolves the runtime type of abstract values that no type resolver of their own
    /// type and no `typeName` settles (see `resolveType(of:_:)`).
    public var defaultTypeResolver: TypeResolver?

    public init() {}

    /// The resolver registered for `type.field`.
    public subscript(type: String, field: String) -> FieldResolver? {
        get { fields[type]?[field] }
        set { fields[type, default: [:]][field] = newValue }
    }

    /// Registers a synchronous resolver for `type.field`.
    public mutating func field(
        _ type: String, _ field: String, _ resolve: @escaping @Sendable (FieldCall) throws -> ResolvedValue
    ) {
        self[type, field] = .sync(resolve)
    }

    /// Registers an asynchronous resolver for `type.field`.
    public mutating func asyncField(
        _ type: String, _ field: String, _ resolve: @escaping @Sendable (FieldCall) async throws -> ResolvedValue
    ) {
        self[type, field] = .async(resolve)
    }

    /// Registers the type resolver of an interface or union. The runtime type of a value
    /// at a position of that type is, in order: the value's `ResolvedValue.object`
    /// `typeName`; this resolver's answer; a JSON object's `__typename` member;
    /// `defaultTypeResolver`'s answer.
    public mutating func resolveType(of abstractType: String, _ resolve: @escaping TypeResolver) {
        typeResolvers[abstractType] = resolve
    }

    func fieldResolver(type: String, field: String) -> FieldResolver? { fields[type]?[field] }

    func typeResolver(for abstractType: String) -> TypeResolver? { typeResolvers[abstractType] }

    /// Whether any resolver (fallback included) is asynchronous.
    var hasAsyncResolvers: Bool {
        defaultFieldResolver.isAsync || fields.values.contains { $0.values.contains(where: \.isAsync) }
    }

    /// `Type.field` of every field resolver whose type or field the schema lacks, and
    /// every type resolver named for a type that is not an interface or union; sorted.
    public func unmatchedNames(in schema: Schema) -> [String] {
        var names: [String] = []
        for (typeName, resolvers) in fields {
            let type = schema.type(named: typeName)
            for fieldName in resolvers.keys {
                guard let type, type.kind == .object || type.kind == .interface, type.field(named: fieldName) != nil else {
                    names.append(typeName + "." + fieldName)
                    continue
                }
            }
        }
        for typeName in typeResolvers.keys where schema.type(named: typeName)?.isAbstractType != true {
            names.append(typeName)
        }
        return names.sorted()
    }
}
