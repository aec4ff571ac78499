import Foundation

extension Graph {
    /// Logs each request and its outcome, one line each (headers and bodies optional).
    /// Secrets never reach the log: secret headers show `[redacted]`, and the values of
    /// the request's secret headers (the Storefront access token) are scrubbed from every
    /// line, bodies and error messages included.
    public struct LoggingMiddleware: Middleware {
        public var includeHeaders: Bool
        public var includeBodies: Bool
        /// The longest body shown, in bytes.
        public var maxBodyLength: Int
        private let sink: @Sendable (String) -> Void

        public init(
            includeHeaders: Bool = false, includeBodies: Bool = false, maxBodyLength: Int = 2048,
            sink: @escaping @Sendable (String) -> Void = { print($0) }
        ) {
            self.includeHeaders = includeHeaders
            self.includeBodies = includeBodies
            self.maxBodyLength = maxBodyLength
            self.sink = sink
        }

        public func intercept(
            _ request: HTTPRequest,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            let secrets = Redaction.secrets(in: request.headers)
            let emit: (String) -> Void = { sink(Redaction.scrub($0, secrets: secrets)) }

            emit("→ \(request.method) \(request.url.absoluteString) (\(request.body.count) bytes)")
            if includeHeaders { for (name, value) in Redaction.redacted(request.headers) { emit("  \(name): \(value)") } }
            if includeBodies, !request.body.isEmpty { emit("  " + shown(request.body)) }

            let start = ContinuousClock.now
            do {
                let response = try await next(request)
                let elapsed = String(format: "%.1f", Timing.milliseconds(ContinuousClock.now - start))
                emit("← \(response.status) \(request.url.absoluteString) in \(elapsed)ms (\(response.body.count) bytes)")
                if includeHeaders { for (name, value) in Redaction.redacted(response.headers) { emit("  \(name): \(value)") } }
                if includeBodies, !response.body.isEmpty { emit("  " + shown(response.body)) }
                return response
            } catch {
                let elapsed = String(format: "%.1f", Timing.milliseconds(ContinuousClock.now - start))
                emit("✗ \(request.url.absoluteString) after \(elapsed)ms: \(error)")
                throw error
            }
        }

        private func shown(_ body: Data) -> String {
            let text = String(decoding: body.prefix(maxBodyLength), as: UTF8.self)
            return body.count > maxBodyLength ? text + "… (\(body.count) bytes)" : text
        }
    }
}
