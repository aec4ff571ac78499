extension Graph {
    /// Why a request got no HTTP response.
    public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
        public enum Kind: String, Sendable, Hashable {
            /// DNS, connect, TLS, reset, closed without an answer.
            case network
            /// The request's timeout passed before the response was complete.
            case timeout
            /// The request was cancelled (`Graph.Task.cancel()` or task cancellation).
            case cancelled
            /// The request could not be sent as given (bad URL, unsupported scheme).
            case invalidRequest
        }

        public var kind: Kind
        public var message: String
        /// The underlying library's code (a `CURLcode`, a `URLError` code), when there is one.
        public var code: Int?

        public init(_ kind: Kind, _ message: String, code: Int? = nil) {
            self.kind = kind
            self.message = message
            self.code = code
        }

        public static func cancelled() -> TransportError { TransportError(.cancelled, "the request was cancelled") }

        public var description: String { "\(kind.rawValue): \(message)" }
    }
}
