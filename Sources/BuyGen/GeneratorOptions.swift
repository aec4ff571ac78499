/// What `Generator` writes: the namespace the types go in, how custom scalars map to
/// Swift types, and where the schema came from (written into every file's header).
public struct GeneratorOptions: Sendable, Hashable {
    /// The enum holding every generated type: `Storefront` → `Storefront.Product`.
    public var namespace: String
    /// Custom scalar → Swift type, over the defaults (`ScalarMapping.defaults`). The
    /// Swift type must conform to `GraphQL.Scalar`.
    public var scalars: [String: String]
    /// The schema file's name, as written in headers (`storefront.graphql`).
    public var schemaName: String
    /// The schema's version (`2026-04`), or `nil` when unknown.
    public var schemaVersion: String?
    /// Whether each object type gets a typed mock builder (`Product.mock { … }`).
    public var mocks: Bool

    public init(
        namespace: String = "Storefront", scalars: [String: String] = [:], schemaName: String,
        schemaVersion: String? = nil, mocks: Bool = true
    ) {
        self.namespace = namespace
        self.scalars = scalars
        self.schemaName = schemaName
        self.schemaVersion = schemaVersion
        self.mocks = mocks
    }
}
