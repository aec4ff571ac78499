extension Graph {
    /// Sends one HTTP request and returns its response. The client sends every request
    /// through one of these: `URLSessionTransport` (the default, as in the SDK),
    /// `CurlTransport` (module `BuyCurl`: libcurl's multi interface, connection reuse,
    /// many transfers in flight, HTTP/2, a timing breakdown), `HTTP1Transport` (module
    /// `BuyHTTP1`: cleartext HTTP/1.1 on epoll, `https://` handed to a `CurlTransport`),
    /// or, in tests, `StubTransport` and `InMemoryTransport`.
    ///
    /// A transport throws `Graph.TransportError` when no HTTP response arrived (DNS,
    /// connect, reset, timeout, cancellation); any HTTP status is a response, not an error.
    ///
    /// `send` is called on the caller's executor (a task that prefers an event loop stays
    /// on it); an implementation not marked `nonisolated(nonsending)` runs where any
    /// `nonisolated` async function runs.
    public protocol Transport: Sendable {
        nonisolated(nonsending) func send(_ request: HTTPRequest) async throws -> HTTPResponse
    }
}
