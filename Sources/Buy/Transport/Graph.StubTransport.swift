import Foundation
import Synchronization

extension Graph {
    /// Answers requests with a closure, without a network; records every request.
    ///
    ///     let stub = Graph.StubTransport.json(#"{"data":{"shop":{"name":"Sample Shoes"}}}"#)
    public final class StubTransport: Transport {
        public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

        private let handler: Handler
        private let recorded = Mutex<[HTTPRequest]>([])

        public init(_ handler: @escaping Handler) {
            self.handler = handler
        }

        /// Always answers `status` with this JSON text.
        public static func json(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> StubTransport {
            StubTransport { _ in
                HTTPResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]), body: Data(text.utf8))
            }
        }

        /// The requests received so far, in order.
        public var requests: [HTTPRequest] { recorded.withLock { $0 } }

        public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            recorded.withLock { $0.append(request) }
            try _Concurrency.Task.checkCancellation()
            return try await handler(request)
        }
    }
}
