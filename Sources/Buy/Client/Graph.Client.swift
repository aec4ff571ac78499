import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BuyflowCore
import Dispatch
import Synchronization

extension Graph {
    /// Sends queries and mutations to a shop's Storefront API, as the SDK's client:
    ///
    ///     let client = Graph.Client(shopDomain: "shoes.myshopify.com", apiKey: "dGhpcyBpcyBhIHByaXZhdGUgYXBpIGtleQ")
    ///
    /// Requests are `POST https://<domain>/api/<version>/graphql.json` with the JSON body
    /// `{query, variables?, operationName?}` and the headers `X-Shopify-Storefront-Access-Token`,
    /// `Accept-Language` (from the locale), `Content-Type`/`Accept: application/json`,
    /// `User-Agent: buyflow/<version> …` and any custom headers. With a locale, each
    /// operation without `@inContext` gets `@inContext(country:, language:)`.
    ///
    /// A client is `Sendable`: share one (connections and the cache are reused).
    public final class Client: Sendable {
        /// `https://<domain>/api/<version>/graphql.json`
        public let endpoint: URL
        /// The Storefront API version, e.g. `2026-04`.
        public let apiVersion: String
        public let locale: Locale?
        /// What `locale` means to the API, when there is one.
        public let buyerLocale: BuyerLocale?
        public let transport: any Transport
        public let cache: Cache
        /// Where completion handlers run (a serial queue of the client's by default).
        public let completionQueue: DispatchQueue

        let pipeline: Pipeline
        /// Every request's headers, custom ones included.
        let headers: HTTPHeaders
        /// Hashed into cache keys so tokens, locales and custom headers never share entries.
        private let cacheScope: String
        private let policy: Mutex<CachePolicy>

        /// The cache policy of queries that give none (default `.networkOnly`).
        public var cachePolicy: CachePolicy {
            get { policy.withLock { $0 } }
            set { policy.withLock { $0 = newValue } }
        }

        /// The SDK's initializer: a shop domain (`shoes.myshopify.com`), its Storefront
        /// access token, a `URLSession` and the buyer's locale.
        public convenience init(
            shopDomain: String,
            apiKey: String,
            session: URLSession = URLSession(configuration: .default),
            locale: Locale? = nil
        ) {
            self.init(
                endpoint: Self.endpoint(shopDomain: shopDomain, apiVersion: BuyflowVersion.storefrontAPIVersion),
                apiKey: apiKey,
                transport: URLSessionTransport(session: session),
                locale: locale,
                cache: .standard(for: shopDomain)
            )
        }

        /// A client for any endpoint and transport.
        ///
        /// - Parameters:
        ///   - endpoint: the GraphQL endpoint; a URL with no path (`http://127.0.0.1:8080`)
        ///     gets `/api/<apiVersion>/graphql.json`.
        ///   - apiVersion: the Storefront API version.
        ///   - apiKey: the Storefront access token, or `nil` to send none.
        ///   - transport: how requests are sent (default: `URLSessionTransport`).
        ///   - locale: the buyer's locale (`Accept-Language` and `@inContext`).
        ///   - headers: extra headers for every request (they may replace the defaults).
        ///   - middleware: run around every request, first to last.
        ///   - cache: the response cache (default: memory only).
        ///   - completionQueue: where completion handlers run.
        public init(
            endpoint: URL,
            apiVersion: String = BuyflowVersion.storefrontAPIVersion,
            apiKey: String? = nil,
            transport: any Transport = URLSessionTransport(),
            locale: Locale? = nil,
            headers: HTTPHeaders = [:],
            middleware: [any Middleware] = [],
            cache: Cache = .inMemory(),
            completionQueue: DispatchQueue? = nil
        ) {
            self.endpoint = Self.resolve(endpoint, apiVersion: apiVersion)
            self.apiVersion = apiVersion
            self.locale = locale
            self.buyerLocale = locale.map(BuyerLocale.init)
            self.transport = transport
            self.cache = cache
            self.completionQueue = completionQueue ?? DispatchQueue(label: "buyflow.graph.client.completion")
            self.pipeline = Pipeline(transport: transport, middleware: middleware)
            self.policy = Mutex(.networkOnly)

            var base: HTTPHeaders = [
                "Content-Type": "application/json",
                "Accept": "application/json",
                "User-Agent": BuyflowVersion.userAgent,
            ]
            if let apiKey, !apiKey.isEmpty { base["X-Shopify-Storefront-Access-Token"] = apiKey }
            if let buyerLocale { base["Accept-Language"] = buyerLocale.acceptLanguage }
            self.headers = base.merging(headers)

            var scope = "\(self.endpoint.absoluteString)\n\(apiVersion)\n"
            for (name, value) in self.headers.sorted(by: { $0.name.lowercased() < $1.name.lowercased() }) {
                scope += "\(name.lowercased()):\(value)\n"
            }
            self.cacheScope = scope
        }

        /// `https://<domain>/api/<version>/graphql.json`; a domain with a scheme
        /// (`http://127.0.0.1:8080`) keeps it.
        public static func endpoint(shopDomain: String, apiVersion: String) -> URL {
            let base = shopDomain.contains("://") ? shopDomain : "https://\(shopDomain)"
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            guard let url = URL(string: "\(trimmed)/api/\(apiVersion)/graphql.json") else {
                return URL(string: "https://invalid.invalid/api/\(apiVersion)/graphql.json")!
            }
            return url
        }

        private static func resolve(_ endpoint: URL, apiVersion: String) -> URL {
            guard endpoint.path.isEmpty || endpoint.path == "/" else { return endpoint }
            return endpoint.appendingPathComponent("api/\(apiVersion)/graphql.json", isDirectory: false)
        }

        // MARK: - Requests

        /// The request for a GraphQL document, with the client's headers and `extra` over them.
        public func makeRequest(
            document: String, variables: JSONObject? = nil, operationName: String? = nil,
            headers extra: HTTPHeaders = [:], timeout: Duration? = nil
        ) -> HTTPRequest {
            var object = JSONObject(minimumCapacity: 3)
            object["query"] = .string(document)
            if let variables { object["variables"] = .object(variables) }
            if let operationName { object["operationName"] = .string(operationName) }
            let body = Data(JSONSerializer().bytes(.object(object)))
            return HTTPRequest(
                method: "POST", url: endpoint,
                headers: extra.isEmpty ? headers : headers.merging(extra),
                body: body, timeout: timeout
            )
        }

        /// The cache key of a request body: a SHA-256 of the body and everything about the
        /// client that changes the answer (endpoint, version, token, locale, headers).
        func cacheKey(for request: HTTPRequest) -> String {
            var material = Array(cacheScope.utf8)
            material.append(0)
            material.append(contentsOf: request.body)
            return SHA256.hex(material)
        }
    }
}
