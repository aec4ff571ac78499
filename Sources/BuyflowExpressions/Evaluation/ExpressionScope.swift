import BuyflowCore

/// The names an expression can see, each a JSON value: `vars`, `env`, `captures`,
/// `steps`, every capture by its bare name, and the step's response (`data`, `errors`,
/// `extensions`, `status`, `headers`, `duration`, `attempt`, `node`), `row`, `params`, ….
///
/// Members of the roots listed in `caseInsensitiveRoots` (by default `headers`) are
/// looked up ignoring ASCII case when no member has the exact name:
/// `headers["X-Request-ID"]` finds `x-request-id`.
public struct ExpressionScope: Sendable {
    public var values: [String: JSONValue]
    public var caseInsensitiveRoots: Set<String>

    public init(_ values: [String: JSONValue] = [:], caseInsensitiveRoots: Set<String> = ["headers"]) {
        self.values = values
        self.caseInsensitiveRoots = caseInsensitiveRoots
    }

    /// The value of a root name, or nil when it is not defined.
    public subscript(name: String) -> JSONValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// Every defined root name.
    public var names: Dictionary<String, JSONValue>.Keys { values.keys }
}
