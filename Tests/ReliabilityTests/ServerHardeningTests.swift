import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile clients against `buyflow serve`: each gets a clear answer (or a closed
/// connection) within a bound of time, and the shop keeps answering a valid request
/// from another client at once, before and after.
@Suite("Server hardening", .serialized, .enabled(if: Reliability.enabled, Reliability.why))
struct ServerHardeningTests {
    static let valid = RawHTTP.post(body: #"{"query":"{ shop { name } }"}"#)

    /// A valid request answers 200 with the shop's name, within a second.
    static func expectServing(_ shop: Shop, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let start = ContinuousClock.now
        do {
            let response = try await RawHTTP.exchange(port: shop.port, valid, timeout: .seconds(5))
            #expect(response.status == 200, sourceLocation: sourceLocation)
            #expect(response.text.contains("Sample Shoes"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("a valid request failed: \(error)", sourceLocation: sourceLocation)
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(1), "a valid request took \(elapsed)", sourceLocation: sourceLocation)
    }

    /// Sends `request`, expects `status` with a JSON `errors` body containing `message`,
    /// within `bound`.
    static func expectRefused(
        _ shop: Shop, _ request: [UInt8], status: Int, message: String, bound: Duration = .seconds(2),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let start = ContinuousClock.now
        let response = try await RawHTTP.exchange(port: shop.port, request, timeout: .seconds(10))
        let elapsed = ContinuousClock.now - start
        #expect(response.status == status, "\(response.head)\n\(response.text.prefix(500))", sourceLocation: sourceLocation)
        #expect(response.text.contains(message), "\(response.text.prefix(500))", sourceLocation: sourceLocation)
        #expect(response.text.hasPrefix("{"), "not a JSON body: \(response.text.prefix(200))", sourceLocation: sourceLocation)
        #expect(elapsed < bound, "answered after \(elapsed)", sourceLocation: sourceLocation)
    }

    static func query(_ query: String, variables: String = "null") -> [UInt8] {
        var escaped = ""
        for scalar in query.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return RawHTTP.post(body: #"{"query":""# + escaped + #"","variables":"# + variables + "}")
    }

    @Test("oversized bodies: 413 at once, declared or sent")
    func oversizedBody() async throws {
        try await Shop.with([]) { shop in
            // Declared larger than 1 MiB: refused from the head, the body never read.
            let head = "POST /api/2026-04/graphql.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(8 << 20)\r\n\r\n"
            let start = ContinuousClock.now
            let response = try await RawHTTP.offPool {
                let fd = try RawHTTP.connect(port: shop.port)
                defer { close(fd) }
                RawHTTP.send(fd, Array(head.utf8) + Array(repeating: UInt8(ascii: " "), count: 1024))
                return try RawHTTP.readResponse(fd)
            }
            #expect(response.status == 413)
            #expect(response.text.contains("request body exceeds 1048576 bytes"), "\(response.text)")
            #expect(ContinuousClock.now - start < .seconds(6), "bounded in time even on a loaded machine")
            // Chunked, with no length: refused once 1 MiB has arrived.
            let chunk = String(repeating: "a", count: 64 << 10)
            var chunked = "POST /api/2026-04/graphql.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<20 { chunked += String(64 << 10, radix: 16) + "\r\n" + chunk + "\r\n" }
            chunked += "0\r\n\r\n"
            try await Self.expectRefused(shop, Array(chunked.utf8), status: 413, message: "request body exceeds 1048576 bytes")
            await Self.expectServing(shop)
        }
    }

    @Test("oversized headers: refused (431) or closed, and bounded")
    func oversizedHeaders() async throws {
        try await Shop.with([]) { shop in
            let big = "X-Filler: " + String(repeating: "h", count: 256 << 10)
            let request = RawHTTP.post(body: #"{"query":"{ shop { name } }"}"#, headers: [big])
            let start = ContinuousClock.now
            // Refused with a status, or closed: either way, at once.
            if let response = try? await RawHTTP.exchange(port: shop.port, request) {
                #expect([400, 413, 431].contains(response.status), "\(response.head)")
            }
            #expect(ContinuousClock.now - start < .seconds(6), "bounded in time even on a loaded machine")
            // Many header lines, each small.
            let many = (0..<5_000).map { "X-Many-\($0): v" }
            if let response = try? await RawHTTP.exchange(port: shop.port, RawHTTP.post(body: #"{"query":"{ shop { name } }"}"#, headers: many)) {
                #expect([200, 400, 413, 431].contains(response.status), "\(response.head)")
            }
            await Self.expectServing(shop)
        }
    }

    @Test("deep, wide and alias-bombed queries: a GraphQL error, fast")
    func hostileQueries() async throws {
        try await Shop.with([]) { shop in
            // 2,000 levels of nesting.
            let deep = String(repeating: "{ shop ", count: 2_000) + String(repeating: "}", count: 2_000)
            try await Self.expectRefused(shop, Self.query(deep), status: 200, message: "\"errors\"")
            // Deep but valid selections through lists.
            let nested = "{ products(first: 5) { nodes { " + String(repeating: "collections(first: 5) { nodes { products(first: 5) { nodes { ", count: 40)
                + "id" + String(repeating: " } } } }", count: 40) + " } } }"
            try await Self.expectRefused(shop, Self.query(nested), status: 200, message: "\"errors\"")
            // 30,000 aliases of one field (under the 1 MiB body limit).
            let aliases = "{ " + (0..<30_000).map { "a\($0): shop { name }" }.joined(separator: " ") + " }"
            try await Self.expectRefused(shop, Self.query(aliases), status: 200, message: "\"errors\"", bound: .seconds(5))
            // A fragment bomb: each fragment spreads the one below twice (2^30 fields).
            var fragments = "query { shop { ...F0 } } fragment F30 on Shop { name } "
            for level in 0..<30 { fragments += "fragment F\(level) on Shop { ...F\(level + 1) a\(level): name ...F\(level + 1) } " }
            try await Self.expectRefused(shop, Self.query(fragments), status: 200, message: "\"errors\"")
            // Fragments that spread each other in a cycle.
            try await Self.expectRefused(
                shop, Self.query("query { shop { ...A } } fragment A on Shop { ...B } fragment B on Shop { ...A }"),
                status: 200, message: "\"errors\"")
            await Self.expectServing(shop)
        }
    }

    @Test("huge and deep variable payloads, invalid UTF-8, not JSON: 400 with a reason, fast")
    func hostilePayloads() async throws {
        try await Shop.with([]) { shop in
            let query = "query($v: [[String]]) { shop { name } }"
            // 100,000 nested arrays.
            let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            try await Self.expectRefused(shop, Self.query(query, variables: #"{"v":"# + deep + "}"), status: 400, message: "BAD_REQUEST")
            // A variable of 900 KB of list items (under the body limit): answered, bounded.
            let wide = "[" + Array(repeating: #"["xxxxxxxxxx"]"#, count: 60_000).joined(separator: ",") + "]"
            let start = ContinuousClock.now
            let response = try await RawHTTP.exchange(port: shop.port, Self.query(query, variables: #"{"v":"# + wide + "}"))
            #expect(response.status == 200)
            #expect(ContinuousClock.now - start < .seconds(3))
            // Invalid UTF-8 in the body, in a string and bare.
            var body = Array(#"{"query":"{ shop { name "#.utf8) + [0xC3, 0x28, 0xFF] + Array(#" } }"}"#.utf8)
            try await Self.expectRefused(shop, RawHTTP.post(body: body), status: 400, message: "BAD_REQUEST")
            body = [0xFE, 0xFF, 0x00, 0x7B]
            try await Self.expectRefused(shop, RawHTTP.post(body: body), status: 400, message: "BAD_REQUEST")
            // Invalid UTF-8 in the path and a header.
            let path = Array("POST /api/2026-04/graphql.json\u{FFFD}".utf8.dropLast(3)) + [0xFF]
            let raw = path + Array(" HTTP/1.1\r\nHost: x\r\nX-Bad: ".utf8) + [0xC0, 0xAF]
                + Array("\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)
            if let answer = try? await RawHTTP.exchange(port: shop.port, raw) {
                #expect([400, 404].contains(answer.status), "\(answer.head)")
            }
            await Self.expectServing(shop)
        }
    }

    @Test("slow and half-open clients do not starve the others; an idle one is closed")
    func slowClients() async throws {
        try await Shop.with([]) { shop in
            // 200 connections that send nothing, 50 that send a byte of their head every 200 ms.
            var idle: [Int32] = []
            for _ in 0..<200 { idle.append(try RawHTTP.connect(port: shop.port, timeout: .seconds(15))) }
            defer { for fd in idle { close(fd) } }
            let slowHead = Array("POST /api/2026-04/graphql.json HTTP/1.1\r\nHost: x\r\n".utf8)
            let trickling = Atomic(true)
            let tricklers = (0..<50).map { _ in try? RawHTTP.connect(port: shop.port) }.compactMap { $0 }
            defer { for fd in tricklers { close(fd) } }
            let feeder = Thread {
                var index = 0
                while trickling.load(ordering: .relaxed), index < slowHead.count {
                    for fd in tricklers { RawHTTP.send(fd, [slowHead[index]]) }
                    index += 1
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
            feeder.start()
            defer { trickling.store(false, ordering: .relaxed) }
            // Meanwhile every valid request is answered at once.
            for _ in 0..<20 { await Self.expectServing(shop) }
            // An idle connection is closed by the server (idle timeout 10 s).
            let start = ContinuousClock.now
            let first = idle[0]
            let (count, error) = try await RawHTTP.offPool {
                var byte: UInt8 = 0
                let count = read(first, &byte, 1)
                return (count, errno)
            }
            let waited = ContinuousClock.now - start
            #expect(count == 0, "expected the server to close the idle connection (read gave \(count), errno \(error))")
            #expect(waited < .seconds(14), "closed after \(waited)")
            await Self.expectServing(shop)
        }
    }
}
