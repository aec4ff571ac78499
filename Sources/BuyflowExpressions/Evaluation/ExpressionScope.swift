import BuyflowCore

/// The names an expression can see, each a JSON value: `vars`, `env`, `captures`,
/// `steps`, every capture by its bare name, and the step's response (`data`, `errors`,
/// `extensions`, `status`, `headers`, `duration`, `attempt`, `node`), `row`, `params`, ….
///
/// Members of the roots listed in `caseInsensitiveRoots` (by default `headers`) are
/// looked up ignoring ASCII case when no member has the exact name:
/// `headers["X-Request-ID"]` finds `x-request-id`.
///
/// Bare names may also come from a layer looked up after the scope's own names (`layer`):
/// the runner hands a step's captures over as one object instead of copying each into
/// the scope.
public struct ExpressionScope: Sendable {
    /// The scope's own names (a few dozen at most: found without hashing, copied cheaply).
    private var own: JSONObject
    public var caseInsensitiveRoots: Set<String>
    /// Names looked up when the scope has no such name of its own (captures by their bare name).
    public var layer: JSONObject

    public init(_ values: [String: JSONValue] = [:], caseInsensitiveRoots: Set<String> = ["headers"], layer: JSONObject = JSONObject()) {
        own = JSONObject(values.map { ($0.key, $0.value) })
        self.caseInsensitiveRoots = caseInsensitiveRoots
        self.layer = layer
    }

    /// The scope's own names and values (not the layer's).
    public var values: [String: JSONValue] {
        get { Dictionary(uniqueKeysWithValues: own.members.map { ($0.key, $0.value) }) }
        set { own = JSONObject(newValue.map { ($0.key, $0.value) }) }
    }

    /// The value of a root name, or nil when it is not defined. Setting writes the scope's
    /// own names.
    public subscript(name: String) -> JSONValue? {
        get { own[name] ?? layer[name] }
        set { own[name] = newValue }
    }

    /// Room for `capacity` names of its own in all, so that copies of the scope given
    /// more names do not grow their storage again and again.
    public mutating func reserveCapacity(_ capacity: Int) {
        own.reserveCapacity(capacity)
    }

    /// Every defined root name.
    public var names: [String] { own.keys + layer.keys.filter { own[$0] == nil } }
}
