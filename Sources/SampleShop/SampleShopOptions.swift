import BuyflowCore
import GraphQLKit

extension SampleShop {
    /// How a sample shop listens, what it serves and which faults it injects.
    public struct Options: Sendable {
        /// The address to listen on (loopback by default).
        public var host: String
        /// 0 picks a free port (see `SampleShop.port`).
        public var port: Int
        /// When set, requests need it in `X-Shopify-Storefront-Access-Token` (401 without, 403 wrong).
        public var token: String?
        /// What the shop sells; the embedded default catalog (`ShopCatalog.sample`) when nil.
        public var catalog: ShopCatalog?
        /// A schema to serve instead of the embedded Storefront subset: schema-driven mock
        /// mode (`buyflow serve --schema`), where fields the catalog cannot answer get
        /// deterministic mock values.
        public var schema: Schema?
        public var faults: ShopFaults
        /// How many `cartCompletionAttempt` polls answer `CartCompletionProcessing` before the outcome.
        public var completionPolls: Int
        /// `CartCompletionProcessing.pollDelay` (answered in whole milliseconds).
        public var completionPollDelay: Duration
        /// The deepest query accepted (fields nested, fragments expanded).
        public var maxDepth: Int
        /// The most aliases a query may use.
        public var maxAliases: Int
        /// The most field selections a query may make, fragments expanded.
        public var maxFields: Int
        /// The largest request body accepted (413 beyond).
        public var maxBodySize: Int
        /// A connection idle this long is closed (slow or half-open clients cannot hold workers).
        public var idleTimeout: Duration
        /// Worker threads; one per core when nil.
        public var threadPoolSize: Int?
        /// How many prepared documents the query cache keeps.
        public var documentCacheSize: Int

        public init(
            host: String = "127.0.0.1", port: Int = 0, token: String? = nil, catalog: ShopCatalog? = nil, schema: Schema? = nil,
            faults: ShopFaults = ShopFaults(), completionPolls: Int = 2, completionPollDelay: Duration = .milliseconds(100), maxDepth: Int = 32,
            maxAliases: Int = 100, maxFields: Int = 5_000, maxBodySize: Int = 1 << 20, idleTimeout: Duration = .seconds(10),
            threadPoolSize: Int? = nil, documentCacheSize: Int = 512
        ) {
            self.host = host
            self.port = port
            self.token = token
            self.catalog = catalog
            self.schema = schema
            self.faults = faults
            self.completionPolls = completionPolls
            self.completionPollDelay = completionPollDelay
            self.maxDepth = maxDepth
            self.maxAliases = maxAliases
            self.maxFields = maxFields
            self.maxBodySize = maxBodySize
            self.idleTimeout = idleTimeout
            self.threadPoolSize = threadPoolSize
            self.documentCacheSize = documentCacheSize
        }
    }
}
