import BuyflowCore
import Foundation
import GraphQLKit
import HTTPServer

/// The sample shop: a Storefront-API-compatible GraphQL server over real HTTP on loopback,
/// with a catalog, stateful carts, checkout completion and injectable faults
/// (the contract: `shared/spec/sample-shop.md`; the catalog format: `samples/README.md`).
///
///     let shop = try SampleShop(SampleShop.Options(token: "secret"))
///     try shop.start()
///     print(shop.endpoint)   // http://127.0.0.1:<port>/api/2026-04/graphql.json
///     shop.stop()
///
/// HTTP: `POST` (and `GET` for queries; a mutation over GET is 405) on
/// `/api/<version>/graphql.json` and `/api/<version>/graphql` for every version of the
/// catalog's `apiVersions` (others 404, naming them). With a token, a missing
/// `X-Shopify-Storefront-Access-Token` is 401 and a wrong one 403. A body that is not a
/// GraphQL request is 400, one over 1 MiB 413; syntax and validation errors are 200 with
/// `errors` (`GRAPHQL_PARSE_FAILED`, `GRAPHQL_VALIDATION_FAILED`) and no `data`. Every
/// answer is JSON and carries `X-Request-Id: req-<n>` (n as in `ShopFaults`).
///
/// Behaviour a workflow can rely on:
/// - Amounts have two decimals (`"89.00"`). A buyer in a country the catalog maps to a
///   presentment currency (`@inContext(country: CA)`, or a cart whose buyer identity is in
///   CA) sees unit amounts × the catalog's fixed rate, rounded half up, before quantities,
///   sums and percentages. Language: `@inContext(language:)`, else `Accept-Language`.
/// - Cart mutations are all or nothing: with `userErrors`, nothing changes and `cart` is
///   the cart as it was (null when there is no such cart). Lines merge by variant and
///   attributes. A quantity above stock is `MAXIMUM_EXCEEDED` (back-ordered and untracked
///   variants have no limit); sold-out variants can be added (warning
///   `MERCHANDISE_OUT_OF_STOCK`) but fail completion. `cartLinesAdd` below 1 is `INVALID`;
///   `cartLinesUpdate` to 0 removes the line (as on Shopify), below 0 is `INVALID`. Notes
///   are at most 5,000 characters (`NOTE_TOO_LONG`). Unknown discount codes stay with
///   `applicable: false` and a `DISCOUNT_NOT_FOUND` warning.
/// - Costs: subtotal = Σ unit × quantity; discounts (each code on the subtotal, in
///   order, capped at what is left) are cart-level `discountAllocations`; total = subtotal
///   − discounts + the selected delivery option; no taxes or duties.
/// - Completion: `cartSubmitForCompletion` → `SubmitSuccess` (same attempt token again
///   → `SubmitAlreadyAccepted`, empty cart → `SubmitFailed`); `cartCompletionAttempt`
///   answers `CartCompletionProcessing` for `completionPolls` polls, then
///   `CartCompletionSuccess` (or `CartCompletionFailed` for sold-out merchandise).
/// - Connections need `first` or `last` (≤ 250), like Shopify; cursors are opaque.
public final class SampleShop: Sendable {
    /// The Storefront API version whose schema the shop serves.
    public static let apiVersion = "2026-04"

    public let options: Options
    public let catalog: ShopCatalog
    public let schema: Schema
    /// The seed of faults, cart tokens and attempt IDs: `options.faults.seed`, or a random one.
    public let seed: UInt64
    let engine: ShopEngine
    let handler: ShopHTTPHandler
    private let server: HTTPServer

    /// A shop ready to `start()`. Throws a `ShopOptionError` for option values out of range.
    public init(_ options: Options = Options()) throws {
        try Self.check(options)
        self.options = options
        catalog = options.catalog ?? ShopResources.catalog
        schema = options.schema ?? ShopResources.schema
        seed = options.faults.seed ?? UInt64.random(in: 0...UInt64.max)
        engine = ShopEngine(
            catalog: catalog, schema: schema, isMock: options.schema != nil,
            options: ExecutionOptions(maxDepth: options.maxDepth, maxAliases: options.maxAliases, maxFields: options.maxFields),
            seed: seed, completionPolls: options.completionPolls, completionPollDelay: options.completionPollDelay,
            cacheCapacity: options.documentCacheSize
        )
        handler = ShopHTTPHandler(
            engine: engine, faults: FaultInjector(faults: options.faults, seed: seed), token: options.token,
            maxBodySize: options.maxBodySize
        )
        server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: options.host, port: options.port, threadPoolSize: options.threadPoolSize,
                idleTimeout: options.idleTimeout, maxBodySize: options.maxBodySize
            ),
            handler: handler
        )
    }

    private static func check(_ options: Options) throws(ShopOptionError) {
        let faults = options.faults
        for (name, rate) in [("fail rate", faults.failRate), ("error rate", faults.errorRate), ("drop rate", faults.dropRate)]
        where !(0...1).contains(rate) {
            throw ShopOptionError("the \(name) must be from 0 to 1, found \(rate)")
        }
        guard (400...599).contains(faults.failStatus) else { throw ShopOptionError("the fail status must be from 400 to 599, found \(faults.failStatus)") }
        if let throttle = faults.throttle, !(throttle > 0) { throw ShopOptionError("the throttle must be above 0 requests a second") }
        guard faults.latency >= .zero, faults.jitter >= .zero else { throw ShopOptionError("latency and jitter must not be negative") }
        guard options.completionPolls >= 0 else { throw ShopOptionError("completion polls must not be negative, found \(options.completionPolls)") }
        guard (0...65535).contains(options.port) else { throw ShopOptionError("port \(options.port) is out of range (0-65535)") }
    }

    /// Binds the address and starts serving; throws a `Diagnostic` when it cannot
    /// (the port is in use, the host is not an IP address).
    public func start() throws {
        try server.start()
    }

    /// Stops serving; returns once the port is released.
    public func stop() {
        server.stop()
    }

    /// The port it listens on (nil when stopped).
    public var port: Int? { server.port }

    public var isRunning: Bool { server.isRunning }

    /// Whether it serves a schema given in `Options.schema` with mock values.
    public var isMockMode: Bool { engine.isMock }

    /// `http://127.0.0.1:<port>/api/2026-04/graphql.json` (the wildcard addresses shown as loopback).
    public var endpoint: URL {
        endpoint(version: Self.apiVersion)
    }

    /// The endpoint of another served version.
    public func endpoint(version: String) -> URL {
        var host = options.host
        if host == "0.0.0.0" || host.isEmpty || host == "localhost" { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        return URL(string: "http://\(host):\(port ?? options.port)/api/\(version)/graphql.json")!
    }

    /// Answers one request without the network (the same path as over HTTP, faults included).
    public func handle(_ request: HTTPRequest) -> HTTPReply {
        handler.reply(to: request)
    }

    /// A response to an in-process request.
    public struct Response: Sendable {
        public var status: Int
        /// Header names as sent (`Content-Type`, `X-Request-Id`, `Retry-After`, …).
        public var headers: [(name: String, value: String)]
        /// The JSON body (every answer of the shop is JSON).
        public var body: JSONValue
    }

    /// Sends one GraphQL request in-process, without the network: the same handling as a
    /// POST to `/api/<version>/graphql.json` (token, faults and all), except that latency is
    /// not waited for. `variables` is a JSON object. Nil when a fault drops the request.
    public func send(
        query: String, variables: JSONValue? = nil, operationName: String? = nil,
        headers: [(name: String, value: String)] = [], version: String = SampleShop.apiVersion
    ) -> Response? {
        var body = JSONObject()
        body["query"] = .string(query)
        if let variables { body["variables"] = variables }
        if let operationName { body["operationName"] = .string(operationName) }
        var requestHeaders = HTTPHeaders([("Content-Type", "application/json")])
        for header in headers { requestHeaders[header.name] = header.value }
        let request = HTTPRequest(
            method: "POST", path: "/api/\(version)/graphql.json", headers: requestHeaders,
            body: ShopResponses.serializer.bytes(.object(body))
        )
        let response: HTTPResponse
        switch handle(request) {
        case .respond(let answer), .after(_, let answer): response = answer
        case .drop, .deferred: return nil
        }
        let json = (try? JSONParser(path: "response").parse(bytes: response.body)) ?? .null
        return Response(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: json)
    }

    /// The embedded Storefront 2026-04 subset schema.
    public static var storefrontSchema: Schema { ShopResources.schema }

    /// The embedded subset schema's SDL (`samples/storefront.graphql`).
    public static var storefrontSchemaSDL: String { ShopResources.schemaSDL }

    /// How many carts exist.
    public var cartCount: Int { engine.carts.count }
}
