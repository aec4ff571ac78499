import Buy
import BuyflowCore
import Foundation
import Synchronization
import Testing

/// Collects log lines.
final class LogSink: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func write(_ line: String) { storage.withLock { $0.append(line) } }
}

@Suite("Middleware")
struct MiddlewareTests {
    static let token = "shpat_secret_0123456789abcdef"

    @Test("Logging never shows the access token, not in headers, bodies or errors", arguments: TransportKind.allCases)
    func loggingRedacts(kind: TransportKind) async throws {
        // The server echoes the token into the body: it must still not reach the log.
        let shop = try TestShop { request, _ in
            let token = request.headers["X-Shopify-Storefront-Access-Token"] ?? ""
            return .respond(.json(body: #"{"data":{"shop":{"name":"\#(token)"}}}"#))
        }
        let sink = LogSink()
        let logging = Graph.LoggingMiddleware(includeHeaders: true, includeBodies: true) { sink.write($0) }
        let client = Graph.Client.test(shop, kind, apiKey: Self.token, headers: ["Authorization": "Bearer another-secret-value"], middleware: [logging])
        let result = await client.queryGraphWith(shopNameQuery())
        #expect(result.response?.shop.name == Self.token)
        _ = await client.send(document: #"{shop{name}} # \#(Self.token)"#)

        let lines = sink.lines
        #expect(lines.count > 6)
        #expect(lines.contains { $0.contains("X-Shopify-Storefront-Access-Token: [redacted]") })
        #expect(lines.contains { $0.hasPrefix("← 200") })
        for line in lines {
            #expect(!line.contains(Self.token), "leaked: \(line)")
            #expect(!line.contains("another-secret-value"), "leaked: \(line)")
        }
    }

    @Test("Logging a transport failure redacts too")
    func loggingErrors() async throws {
        let sink = LogSink()
        let stub = Graph.StubTransport { request in
            throw Graph.TransportError(.network, "refused for \(request.headers["X-Shopify-Storefront-Access-Token"] ?? "")")
        }
        let client = Graph.Client(endpoint: URL(string: "http://127.0.0.1:9")!, apiKey: Self.token, transport: stub, middleware: [
            Graph.LoggingMiddleware { sink.write($0) },
        ])
        let exchange = await client.send(document: "{shop{name}}")
        #expect(exchange.failure == .network)
        #expect(sink.lines.contains { $0.hasPrefix("✗") })
        #expect(sink.lines.allSatisfy { !$0.contains(Self.token) })
    }

    @Test("Recording captures request/response pairs in order, secrets redacted", arguments: TransportKind.allCases)
    func recording(kind: TransportKind) async throws {
        let shop = try TestShop { _, index in
            index == 0 ? .respond(.json(body: shopJSON)) : .respond(.json(status: 500, body: "{}"))
        }
        let recorder = Graph.RecordingMiddleware()
        let client = Graph.Client.test(shop, kind, apiKey: Self.token, middleware: [recorder])
        _ = await client.send(document: "{shop{name}}")
        _ = await client.send(document: "{shop{currencyCode}}")
        let entries = recorder.entries
        #expect(entries.count == 2)
        #expect(entries.map { $0.response?.status } == [200, 500])
        #expect(entries[1].request.body == client.makeRequest(document: "{shop{currencyCode}}").body)
        #expect(entries.allSatisfy { $0.request.headers["X-Shopify-Storefront-Access-Token"] == "[redacted]" })
        #expect(String(decoding: entries[0].response?.body ?? Data(), as: UTF8.self) == shopJSON)
        recorder.reset()
        #expect(recorder.entries.isEmpty)
    }

    @Test("Headers middleware sets headers per request; middleware runs in order", arguments: TransportKind.allCases)
    func headersAndOrder(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let order = LogSink()
        struct Tag: Graph.Middleware {
            let name: String
            let sink: LogSink
            func intercept(_ request: Graph.HTTPRequest, next: @Sendable (Graph.HTTPRequest) async throws -> Graph.HTTPResponse) async throws -> Graph.HTTPResponse {
                sink.write("→\(name)")
                let response = try await next(request)
                sink.write("←\(name)")
                return response
            }
        }
        let counter = Mutex(0)
        let middleware: [any Graph.Middleware] = [
            Tag(name: "a", sink: order),
            Graph.HeadersMiddleware(["X-Static": "1", "Accept": "application/graphql-response+json"]),
            Graph.HeadersMiddleware { _ in ["X-Count": String(counter.withLock { $0 += 1; return $0 })] },
            Tag(name: "b", sink: order),
        ]
        let client = Graph.Client.test(shop, kind, middleware: middleware)
        _ = await client.send(document: "{shop{name}}")
        _ = await client.send(document: "{shop{name}}")
        #expect(order.lines == ["→a", "→b", "←b", "←a", "→a", "→b", "←b", "←a"])
        #expect(shop.requests.map { $0.header("X-Count") } == ["1", "2"])
        #expect(shop.requests.allSatisfy { $0.header("X-Static") == "1" && $0.header("Accept") == "application/graphql-response+json" })
    }

    @Test("Printing a request or client state never shows the token")
    func descriptions() {
        let client = Graph.Client(endpoint: URL(string: "http://127.0.0.1:9")!, apiKey: Self.token, transport: Graph.StubTransport.json(shopJSON))
        let request = client.makeRequest(document: "{shop{name}}")
        #expect(request.headers["X-Shopify-Storefront-Access-Token"] == Self.token)
        #expect(!request.description.contains(Self.token))
        #expect(!String(describing: request).contains(Self.token))
        #expect(!String(reflecting: Graph.Redaction.redacted(request.headers)).contains(Self.token))
    }
}
