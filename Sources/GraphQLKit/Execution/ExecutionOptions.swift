/// Limits and switches of an `Executor`. The limits are checked when an operation is
/// prepared, before anything executes, and a request over one fails with a request
/// error (no `data`) whose `extensions.code` names the limit.
public struct ExecutionOptions: Sendable, Hashable {
    /// The deepest nesting of fields, fragments expanded: `{ a { b } }` is 2 deep.
    /// Code `MAX_DEPTH_EXCEEDED`. The standard introspection query is 14 deep.
    public var maxDepth: Int
    /// The most aliased fields, fragments expanded each time they are spread.
    /// Code `MAX_ALIASES_EXCEEDED`.
    public var maxAliases: Int
    /// The most field selections, fragments expanded each time they are spread (so a
    /// document of nested spreads cannot expand exponentially). Code `MAX_FIELDS_EXCEEDED`.
    public var maxFields: Int
    /// Whether `__schema` and `__type` may be queried (`__typename` always may).
    public var allowsIntrospection: Bool

    public init(maxDepth: Int = 32, maxAliases: Int = 100, maxFields: Int = 5_000, allowsIntrospection: Bool = true) {
        self.maxDepth = maxDepth
        self.maxAliases = maxAliases
        self.maxFields = maxFields
        self.allowsIntrospection = allowsIntrospection
    }
}
