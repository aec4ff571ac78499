extension Graph {
    /// Sets headers on every request (replacing those of the same name), e.g. a buyer IP
    /// header or a request ID; `provide` is asked for fresh values on each request.
    public struct HeadersMiddleware: Middleware {
        private let provide: @Sendable (HTTPRequest) async -> HTTPHeaders

        /// Fixed headers.
        public init(_ headers: HTTPHeaders) {
            provide = { _ in headers }
        }

        /// Headers computed per request.
        public init(provide: @escaping @Sendable (HTTPRequest) async -> HTTPHeaders) {
            self.provide = provide
        }

        public func intercept(
            _ request: HTTPRequest,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            var request = request
            request.headers = request.headers.merging(await provide(request))
            return try await next(request)
        }
    }
}
