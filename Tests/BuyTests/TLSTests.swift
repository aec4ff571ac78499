import Buy
import BuyCurl
import BuyHTTP1
import Foundation
import Testing

/// TLS and HTTP/2 over loopback, against nginx when it is installed (the libmicrohttpd
/// test server speaks plain HTTP/1.1 only).
@Suite("TLS and HTTP/2 (nginx)", .enabled(if: TLSNginx.isAvailable), .serialized)
struct TLSTests {
    @Test("curl negotiates HTTP/2 over TLS, verifies with the given CA, reports the TLS phase, multiplexes one connection")
    func http2() async throws {
        let nginx = try await TLSNginx.start(body: #"{"data":{"shop":{"name":"Sample Shoes"}}}"#)
        let transport = Graph.CurlTransport(configuration: .init(caBundlePath: nginx.certificatePath))
        let client = Graph.Client(endpoint: nginx.url, apiKey: "t", transport: transport)

        let first = await client.send(document: "{shop{name}}")
        #expect(first.error == nil, "\(String(describing: first.error))")
        #expect(first.response?.httpVersion == "HTTP/2")
        let timing = first.timing
        let tls = try #require(timing.tlsHandshake)
        let connect = try #require(timing.connect)
        let firstByte = try #require(timing.firstByte)
        #expect(connect <= tls)
        #expect(tls <= firstByte)
        #expect(first.data?["shop"]?["name"] == "Sample Shoes")

        let exchanges = await withTaskGroup(of: Graph.Exchange.self) { group in
            for _ in 0..<20 { group.addTask { await client.send(document: "{shop{name}}") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(exchanges.allSatisfy { $0.status == 200 && $0.response?.httpVersion == "HTTP/2" })
        #expect(exchanges.allSatisfy { $0.timing.reusedConnection == true }, "all multiplexed on the first connection")
        await nginx.shutDown()
    }

    @Test("An untrusted certificate is a network error, not a response", arguments: TransportKind.allCases)
    func untrusted(kind: TransportKind) async throws {
        let nginx = try await TLSNginx.start(body: "{}")
        let exchange = await Graph.Client(endpoint: nginx.url, transport: kind.make()).send(document: "{shop{name}}")
        #expect(exchange.failure == .network)
        #expect(exchange.status == nil)
        await nginx.shutDown()
    }

    @Test("curl over TLS with HTTP/1.1 only")
    func http1() async throws {
        let nginx = try await TLSNginx.start(body: "{}")
        let transport = Graph.CurlTransport(configuration: .init(httpVersion: .http1_1, verifyPeer: false))
        let response = try await transport.send(Graph.HTTPRequest(url: nginx.url, body: Data("{}".utf8)))
        #expect(response.httpVersion == "HTTP/1.1")
        #expect(response.timing.tlsHandshake != nil)
        await nginx.shutDown()
    }
}
