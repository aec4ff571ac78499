import Synchronization

extension Graph {
    /// Captures every request and its response (or error), in order: for tests, reports
    /// and replaying a session. Secret header values are redacted in what is kept unless
    /// `redactSecrets` is false.
    public final class RecordingMiddleware: Middleware {
        /// One request and what came back.
        public struct Entry: Sendable {
            public let request: HTTPRequest
            public let response: HTTPResponse?
            public let error: TransportError?
        }

        public let redactSecrets: Bool
        private let recorded = Mutex<[Entry]>([])

        public init(redactSecrets: Bool = true) {
            self.redactSecrets = redactSecrets
        }

        /// Everything captured so far.
        public var entries: [Entry] { recorded.withLock { $0 } }

        public func reset() { recorded.withLock { $0.removeAll() } }

        public func intercept(
            _ request: HTTPRequest,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            var kept = request
            if redactSecrets { kept.headers = Redaction.redacted(request.headers) }
            do {
                let response = try await next(request)
                recorded.withLock { $0.append(Entry(request: kept, response: response, error: nil)) }
                return response
            } catch {
                let transportError = error as? TransportError ?? TransportError(.network, "\(error)")
                recorded.withLock { $0.append(Entry(request: kept, response: nil, error: transportError)) }
                throw error
            }
        }
    }
}
