import Buy
import BuyCurl
import BuyHTTP1
import BuyflowCore
import Foundation
import HTTPServer
import Testing

@Suite("Transports")
struct TransportTests {
    private func post(_ url: URL, body: String = #"{"query":"{shop{name}}"}"#, timeout: Duration? = nil) -> Graph.HTTPRequest {
        Graph.HTTPRequest(url: url, headers: ["Content-Type": "application/json"], body: Data(body.utf8), timeout: timeout)
    }

    @Test("Reports a timing breakdown and reuses its connection", arguments: [TransportKind.curl, .http1])
    func timingAndReuse(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let transport = kind.make()
        let first = try await transport.send(post(shop.url))
        let second = try await transport.send(post(shop.url))
        for response in [first, second] {
            let timing = response.timing
            let lookup = try #require(timing.nameLookup)
            let connect = try #require(timing.connect)
            let firstByte = try #require(timing.firstByte)
            #expect(lookup <= connect)
            #expect(connect <= firstByte)
            #expect(firstByte <= timing.total)
            #expect(timing.total > .zero)
            #expect(timing.tlsHandshake == nil, "no TLS on plain http")
            #expect(response.httpVersion == "HTTP/1.1")
            #expect(response.headers["content-type"] == "application/json")
            #expect(String(decoding: response.body, as: UTF8.self) == shopJSON)
        }
        #expect(first.timing.reusedConnection == false)
        #expect(second.timing.reusedConnection == true)
        switch kind {
        case .http1: #expect(second.timing.connect == .zero, "no connect on a reused connection")
        default: #expect(Graph.CurlTransport.libraryVersion.hasPrefix("libcurl/"))
        }
    }

    @Test("Runs many requests in flight at once on its one thread", arguments: [TransportKind.curl, .http1])
    func concurrency(kind: TransportKind) async throws {
        let shop = try TestShop { _, index in .after(.seconds(10), .json(body: #"{"data":{"n":\#(index)}}"#)) }
        let transport = kind.make()
        let start = ContinuousClock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 { group.addTask { try await transport.send(post(shop.url)).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let elapsed = ContinuousClock.now - start
        #expect(statuses.count == 40)
        #expect(statuses.allSatisfy { $0 == 200 })
        // Sequentially 40 × 10 s would take 400 s; under 200 s means real overlap even on a
        // loaded machine, where an await can wait behind every other suite's work.
        #expect(elapsed < .seconds(200), "40 × 10 s sequentially would be 400 s; took \(elapsed)")
    }

    @Test("Bodies of a megabyte arrive intact", arguments: TransportKind.allCases)
    func largeBodies(kind: TransportKind) async throws {
        let big = String(repeating: "x", count: 1 << 20)
        let shop = try TestShop { request, _ in
            .respond(.json(body: #"{"data":{"size":\#(request.body.count),"echo":"\#(big)"}}"#))
        }
        let payload = #"{"query":"\#(String(repeating: "y", count: 500_000))"}"#
        let response = try await kind.make().send(post(shop.url, body: payload))
        let json = try JSONParser().parse(bytes: response.body)
        #expect(json["data"]?["size"] == .int(payload.utf8.count))
        #expect(json["data"]?["echo"]?.stringValue?.count == 1 << 20)
    }

    /// (swift-corelibs-foundation's URLSession rejects `http://[::1]:port` as a bad URL.)
    @Test("IPv6 loopback works with curl", .enabled(if: FileManager.default.fileExists(atPath: "/proc/net/if_inet6")))
    func ipv6() async throws {
        let kind = TransportKind.curl
        let server = HTTPServer(configuration: HTTPServer.Configuration(host: "::1", port: 0)) { _ in .respond(.json(body: shopJSON)) }
        try server.start()
        defer { server.stop() }
        let url = URL(string: "http://[::1]:\(server.port ?? 0)/api/2026-04/graphql.json")!
        let response = try await kind.make().send(post(url))
        #expect(response.status == 200)
    }

    @Test("curl refuses what it must not send: other schemes, header injection")
    func curlInvalidRequests() async throws {
        let transport = Graph.CurlTransport()
        let ftp = Graph.HTTPRequest(url: URL(string: "ftp://127.0.0.1/file")!)
        await #expect(throws: Graph.TransportError(.invalidRequest, "unsupported URL 'ftp://127.0.0.1/file': only http and https")) {
            try await transport.send(ftp)
        }
        var injected = post(URL(string: "http://127.0.0.1:9/")!)
        injected.headers["X-Evil"] = "a\r\nX-Injected: 1"
        let error = await #expect(throws: Graph.TransportError.self) { try await transport.send(injected) }
        #expect(error?.kind == .invalidRequest)
    }

    @Test("curl keeps working after cancelled and timed-out transfers (handles are recycled)")
    func curlRecycling() async throws {
        let shop = try TestShop { request, _ in
            request.path.hasSuffix("slow") ? .after(.seconds(2), .json(body: shopJSON)) : .respond(.json(body: shopJSON))
        }
        let transport = Graph.CurlTransport()
        let slow = URL(string: "http://127.0.0.1:\(shop.port)/slow")!
        let timedOut = await #expect(throws: Graph.TransportError.self) { try await transport.send(post(slow, timeout: .milliseconds(100))) }
        #expect(timedOut?.kind == .timeout)
        let cancelled = Task { try await transport.send(post(slow)) }
        try await Task.sleep(for: .milliseconds(100))
        cancelled.cancel()
        let cancelError = await #expect(throws: Graph.TransportError.self) { try await cancelled.value }
        #expect(cancelError?.kind == .cancelled)
        for _ in 0..<5 {
            #expect(try await transport.send(post(shop.url)).status == 200)
        }
    }

    @Test("GET requests carry no body")
    func getRequests() async throws {
        let shop = try TestShop { request, _ in .respond(.json(body: #"{"data":{"method":"\#(request.method)","size":\#(request.body.count)}}"#)) }
        for kind in TransportKind.allCases {
            let response = try await kind.make().send(Graph.HTTPRequest(method: "GET", url: shop.url))
            let json = try JSONParser().parse(bytes: response.body)
            #expect(json["data"]?["method"] == "GET")
            #expect(json["data"]?["size"] == 0)
        }
    }

    @Test("The stub transport answers without a network and records requests")
    func stub() async throws {
        let stub = Graph.StubTransport.json(shopJSON)
        let client = Graph.Client(endpoint: URL(string: "https://shoes.myshopify.com")!, apiKey: "k", transport: stub)
        let result = await client.queryGraphWith(shopNameQuery())
        #expect(result.response?.shop.name == "Sample Shoes")
        #expect(stub.requests.count == 1)
        #expect(stub.requests.first?.url.absoluteString == "https://shoes.myshopify.com/api/\(BuyflowVersion.storefrontAPIVersion)/graphql.json")
    }

    @Test("Timing formats phases in milliseconds")
    func timingDescription() {
        let timing = Graph.Timing(nameLookup: .microseconds(100), connect: .microseconds(300), firstByte: .microseconds(1200), total: .microseconds(1500), reusedConnection: true)
        #expect(timing.description == "dns 0.100ms connect 0.300ms tls – ttfb 1.200ms total 1.500ms (reused)")
        #expect(timing.totalMilliseconds == 1.5)
    }
}
