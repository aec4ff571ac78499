import Foundation
import Testing

/// `buyflow serve --port 0 <flags>` as a child process, stopped when the body ends.
struct Shop: Sendable {
    /// `http://127.0.0.1:<port>/api/2026-04/graphql.json`.
    let url: URL
    let child: Child

    var port: UInt16 { UInt16(url.port ?? 0) }

    static func with<T: Sendable>(
        _ flags: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: (Shop) async throws -> T
    ) async throws -> T {
        let child = try Child(["serve", "--port", "0"] + flags)
        defer { child.stop() }
        var url: URL?
        _ = await child.waitFor { text in
            guard let range = text.range(of: "sample shop listening on "),
                let end = text[range.upperBound...].firstIndex(of: "\n")
            else { return false }
            url = URL(string: String(text[range.upperBound..<end]))
            return true
        }
        let endpoint = try #require(url, "buyflow serve \(flags) did not start:\n\(child.stderrSoFar)", sourceLocation: sourceLocation)
        return try await body(Shop(url: endpoint, child: child))
    }

    /// The `X-Request-Id` the shop gives the next request: `req-<n>` where n is the
    /// number of API requests it received before (it numbers them in arrival order).
    func requestsReceived() async throws -> Int {
        let response = try await RawHTTP.exchange(
            port: port, RawHTTP.post(path: url.path, body: #"{"query":"{ shop { name } }"}"#))
        let id = try #require(response.header("X-Request-Id"))
        return try #require(Int(id.dropFirst("req-".count)))
    }
}
