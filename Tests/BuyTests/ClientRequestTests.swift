@testable import Buy
import BuyflowCore
import Foundation
import HTTPServer
import Testing

@Suite("Requests the client sends, over loopback")
struct ClientRequestTests {
    @Test("POST to the endpoint with token, content type, accept, user agent and a {query} body", arguments: TransportKind.allCases)
    func headersAndBody(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        _ = await Graph.Client.test(shop, kind).queryGraphWith(shopNameQuery())
        let request = try #require(shop.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/api/2026-04/graphql.json")
        #expect(request.header("X-Shopify-Storefront-Access-Token") == "test-token")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("User-Agent") == BuyflowVersion.userAgent)
        #expect(request.header("User-Agent")?.hasPrefix("buyflow/\(BuyflowVersion.version)") == true)
        if kind != .urlSession { #expect(request.header("Accept-Language") == nil) } // URLSession adds its own
        #expect(request.json == ["query": "query {shop{name}}"])
    }

    @Test("Custom headers go with every request and may replace the defaults", arguments: TransportKind.allCases)
    func customHeaders(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let client = Graph.Client.test(shop, kind, headers: ["Shopify-Storefront-Buyer-IP": "192.0.2.1", "User-Agent": "my-app/1.0"])
        _ = await client.queryGraphWith(shopNameQuery())
        _ = await client.send(document: "{shop{name}}", headers: ["X-Request-Id": "abc"])
        let requests = shop.requests
        #expect(requests.allSatisfy { $0.header("Shopify-Storefront-Buyer-IP") == "192.0.2.1" })
        #expect(requests.allSatisfy { $0.header("User-Agent") == "my-app/1.0" })
        #expect(requests[1].header("X-Request-Id") == "abc")
        #expect(requests[0].header("X-Request-Id") == nil)
    }

    @Test("Without a token no token header is sent")
    func noToken() async throws {
        let shop = try TestShop(json: shopJSON)
        _ = await Graph.Client.test(shop, .curl, apiKey: nil).send(document: "{shop{name}}")
        #expect(shop.requests.first?.header("X-Shopify-Storefront-Access-Token") == nil)
    }

    @Test("Endpoints: a shop domain, a base URL and a full endpoint URL")
    func endpoints() {
        #expect(Graph.Client.endpoint(shopDomain: "shoes.myshopify.com", apiVersion: "2026-04").absoluteString
            == "https://shoes.myshopify.com/api/2026-04/graphql.json")
        let sdk = Graph.Client(shopDomain: "shoes.myshopify.com", apiKey: "key")
        #expect(sdk.endpoint.absoluteString == "https://shoes.myshopify.com/api/\(BuyflowVersion.storefrontAPIVersion)/graphql.json")
        #expect(sdk.transport is Graph.URLSessionTransport)
        let base = Graph.Client(endpoint: URL(string: "http://127.0.0.1:8080")!, apiVersion: "2025-07")
        #expect(base.endpoint.absoluteString == "http://127.0.0.1:8080/api/2025-07/graphql.json")
        let full = Graph.Client(endpoint: URL(string: "http://127.0.0.1:8080/custom/graphql")!, apiVersion: "2025-07")
        #expect(full.endpoint.path == "/custom/graphql")
        #expect(full.apiVersion == "2025-07")
    }

    @Test("send(document:) carries variables and operationName and returns the whole exchange", arguments: TransportKind.allCases)
    func rawSend(kind: TransportKind) async throws {
        let shop = try TestShop { _, _ in
            .respond(HTTPResponse(status: 200, headers: ["Content-Type": "application/json", "X-Request-Id": "r-1"], body: Array(shopJSON.utf8)))
        }
        let client = Graph.Client.test(shop, kind)
        let variables = JSONObject([("handle", "classic-sneaker"), ("first", 2)])
        let exchange = await client.send(document: "query Shop($handle: String) { shop { name } }", variables: variables, operationName: "Shop")
        let sent = try #require(shop.requests.first?.json)
        #expect(sent["query"] == "query Shop($handle: String) { shop { name } }")
        #expect(sent["variables"] == ["handle": "classic-sneaker", "first": 2])
        #expect(sent["operationName"] == "Shop")

        #expect(exchange.error == nil)
        #expect(exchange.failure == nil)
        #expect(exchange.status == 200)
        #expect(exchange.headers["x-request-id"] == "r-1")
        #expect(String(decoding: exchange.body, as: UTF8.self) == shopJSON)
        #expect(exchange.data?["shop"]?["name"] == "Sample Shoes")
        #expect(exchange.errors.isEmpty)
        #expect(exchange.timing.total > .zero)
        #expect(exchange.duration >= exchange.timing.total || kind == .urlSession)
        #expect(exchange.request.headers["X-Shopify-Storefront-Access-Token"] == "test-token")
        #expect(!exchange.request.description.contains("test-token"))
    }

    @Test("Retry-After is read as seconds or as an HTTP date", arguments: TransportKind.allCases)
    func retryAfter(kind: TransportKind) async throws {
        let shop = try TestShop { _, index in
            let value = index == 0 ? "3" : "Wed, 21 Oct 2015 07:28:00 GMT"
            return .respond(HTTPResponse(status: 429, headers: ["Retry-After": value], body: Array(#"{"errors":[{"message":"Throttled"}]}"#.utf8)))
        }
        let client = Graph.Client.test(shop, kind)
        let seconds = await client.send(document: "{shop{name}}")
        #expect(seconds.retryAfter == .seconds(3))
        #expect(seconds.failure == .http)
        #expect(seconds.errors.first?.message == "Throttled")
        let date = await client.send(document: "{shop{name}}")
        #expect(date.retryAfter == .zero)
    }

    /// Values no shop should send, on any status: bounded or ignored, never a trap, never
    /// a wait of decades (issue 27).
    @Test("Retry-After out of range: at most a minute, or ignored", arguments: [
        ("inf", nil), ("nan", nil), ("-5", nil), ("soon", nil), ("1e300", Duration.seconds(60)),
        ("9223372036854775807", .seconds(60)), ("999999999", .seconds(60)), ("Fri, 31 Dec 9999 23:59:59 GMT", .seconds(60)),
        ("59.5", .milliseconds(59_500)),
    ] as [(String, Duration?)])
    func retryAfterOutOfRange(value: String, expected: Duration?) {
        #expect(Graph.Exchange.parseRetryAfter(value, now: Date(timeIntervalSince1970: 1_700_000_000)) == expected)
    }

    @Test("Failure kinds mirror QueryError", arguments: [
        (Graph.QueryError.request(error: Graph.TransportError(.network, "reset")), Graph.FailureKind.network),
        (.request(error: Graph.TransportError(.timeout, "slow")), .timeout),
        (.request(error: Graph.TransportError.cancelled()), .cancelled),
        (.request(error: CancellationError()), .cancelled),
        (.http(statusCode: 502), .http),
        (.noData, .invalidJson),
        (.jsonDeserializationFailed(data: nil), .invalidJson),
        (.invalidJson(json: [1]), .noData),
        (.invalidQuery(reasons: []), .graphql),
        (.cacheMiss, .cacheMiss),
    ])
    func failureKinds(error: Graph.QueryError, kind: Graph.FailureKind) {
        #expect(Graph.FailureKind(error) == kind)
    }
}
