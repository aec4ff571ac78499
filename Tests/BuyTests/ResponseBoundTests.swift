import Buy
import BuyCurl
import BuyHTTP1
import Foundation
import Testing

/// Every transport stops at its response limit, counting decoded bytes, and a server that
/// never stops sending (a body, header lines, interim responses) fails the request within
/// its timeout instead of filling memory (issue 27, items 9 and 13).
@Suite("Response bounds")
struct ResponseBoundTests {
    /// gzip of `{"data":{"x":"aaa…"}}` with 200,000 `a`s: 200 kB decoded from 246 bytes.
    static let gzipBomb = Array(Data(base64Encoded:
        "H4sIAAAAAAACA+3BQQ0AIAwEMC8nY26WIIEHCZl3NPBve7N6d+rmpNIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAwLfMPAj4ektRDQMA"
    )!)

    enum Engine: String, CaseIterable, Sendable {
        case curl, http1

        func transport(limit: Int) -> any Graph.Transport {
            switch self {
            case .curl: Graph.CurlTransport(configuration: .init(httpVersion: .http1_1, maxResponseBytes: limit))
            case .http1: Graph.HTTP1Transport(configuration: .init(maxResponseBytes: limit))
            }
        }
    }

    static func post(_ url: URL, timeout: Duration = .seconds(10)) -> Graph.HTTPRequest {
        Graph.HTTPRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/json"],
            body: Data(#"{"query":"{shop{name}}"}"#.utf8), timeout: timeout)
    }

    @Test("an endless body stops at the limit", arguments: Engine.allCases)
    func endlessBody(engine: Engine) async throws {
        let piece = Array(repeating: UInt8(ascii: "a"), count: 64 << 10)
        let server = try ScriptedSocketServer { _, _ in
            .stream(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n", piece: piece, times: 100_000)
        }
        let error = await #expect(throws: Graph.TransportError.self) {
            try await engine.transport(limit: 1 << 20).send(Self.post(server.url))
        }
        #expect(error?.kind == .network)
        #expect(error?.message == "the response body is larger than 1048576 bytes", "\(error?.message ?? "")")
    }

    @Test("a gzip bomb stops at the limit of decoded bytes")
    func gzipBomb() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
            + "Content-Length: \(Self.gzipBomb.count)\r\nConnection: close\r\n\r\n"
        let server = try ScriptedSocketServer { _, _ in .stream(head: head, piece: Self.gzipBomb, times: 1) }
        let error = await #expect(throws: Graph.TransportError.self) {
            try await Engine.curl.transport(limit: 64 << 10).send(Self.post(server.url))
        }
        #expect(error?.message == "the response body is larger than 65536 bytes", "\(error?.message ?? "")")
        // Within the limit, the same body is decoded whole.
        let response = try await Engine.curl.transport(limit: 1 << 20).send(Self.post(server.url))
        #expect(response.body.count == 200_017)
    }

    @Test("endless header lines end the request", arguments: Engine.allCases)
    func endlessHeaders(engine: Engine) async throws {
        let piece = Array("X-Filler: \(String(repeating: "f", count: 1000))\r\n".utf8)
        let server = try ScriptedSocketServer { _, _ in .stream(head: "HTTP/1.1 200 OK\r\n", piece: piece, times: 1_000_000) }
        let error = await #expect(throws: Graph.TransportError.self) {
            try await engine.transport(limit: 1 << 20).send(Self.post(server.url, timeout: .seconds(60)))
        }
        // Ended by a header limit (libcurl's own, or http_parser's), long before the timeout.
        let expected = switch engine {
        case .curl: "Too large response headers"
        case .http1: "invalid HTTP response: too many header bytes seen"
        }
        #expect(error?.message.hasPrefix(expected) == true, "\(error?.message ?? "")")
    }

    @Test("endless 100 Continue responses end the request", arguments: Engine.allCases)
    func endlessInterimResponses(engine: Engine) async throws {
        let piece = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        let server = try ScriptedSocketServer { _, _ in .stream(head: "", piece: piece, times: 10_000_000) }
        let error = await #expect(throws: Graph.TransportError.self) {
            try await engine.transport(limit: 1 << 20).send(Self.post(server.url, timeout: .seconds(60)))
        }
        // Ended by the interim-response (or header) limit, not by the timeout or the server.
        let expected = switch engine {
        case .curl: "Too large response headers"
        case .http1: "more than 8 interim (1xx) responses before the response"
        }
        #expect(error?.message.hasPrefix(expected) == true, "\(error?.message ?? "")")
    }
}
