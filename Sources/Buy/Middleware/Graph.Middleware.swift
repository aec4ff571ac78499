extension Graph {
    /// Code that sees every request and response on its way through the client, like
    /// swift-openapi-runtime's `ClientMiddleware`: it may change the request, call `next`
    /// (zero, one or several times), and change or replace the response.
    ///
    /// Middleware runs in the order given to the client: the first sees the request first
    /// and the response last.
    public protocol Middleware: Sendable {
        func intercept(
            _ request: HTTPRequest,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse
    }

    /// A transport with middleware in front of it.
    struct Pipeline: Sendable {
        let transport: any Transport
        let middleware: [any Middleware]

        nonisolated(nonsending) func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            try await send(request, from: 0)
        }

        private nonisolated(nonsending) func send(_ request: HTTPRequest, from index: Int) async throws -> HTTPResponse {
            guard index < middleware.count else { return try await transport.send(request) }
            return try await middleware[index].intercept(request) { request in
                try await send(request, from: index + 1)
            }
        }
    }
}
