import BuyflowCore

/// The names an expression can see, each a JSON value: `vars`, `env`, `captures`,
/// `steps`, every capture by its bare name, and the step's response (`data`, `errors`,
/// `extensions`, `status`, `headers`, `duration`, `attempt`, `node`), `row`, `params`, ….
///
/// Members of the roots listed in `caseInsensitiveRoots` (by default `headers`) are
/// looked up ignoring ASCII case when no member has the exact name:
/// `headers["X-Request-ID"]` finds `x-request-id`.
///
/// Bare names may also come from a layer looked up after `values` (`layer`): the runner
/// hands a step's captures over as one object instead of copying each into the scope.
public struct ExpressionScope: Sendable {
    public var values: [String: JSONValue]
    public var caseInsensitiveRoots: Set<String>
    /// Names looked up when `values` has no such name (captures by their bare name).
    public var layer: JSONObject

    public init(_ values: [String: JSONValue] = [:], caseInsensitiveRoots: Set<String> = ["headers"], layer: JSONObject = JSONObject()) {
        self.values = values
        self.caseInsensitiveRoots = caseInsensitiveRoots
        self.layer = layer
    }

    /// The value of a root name, or nil when it is not defined. Setting writes `values`.
    public subscript(name: String) -> JSONValue? {
        get { values[name] ?? layer[name] }
        set { values[name] = newValue }
    }

    /// Every defined root name.
    public var names: [String] { Array(values.keys) + layer.keys.filter { values[$0] == nil } }
}
