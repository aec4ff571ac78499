import Buy
internal import CCurl

extension Graph {
    /// Sends requests with libcurl's multi interface: one worker thread drives every
    /// transfer, many in flight at once over kept-alive connections (HTTP/2 multiplexed
    /// where the server offers it over TLS), each with its own timeout, cancellable, and
    /// with a timing breakdown (DNS, connect, TLS, first byte, total).
    ///
    ///     let client = Graph.Client(endpoint: url, transport: Graph.CurlTransport())
    public final class CurlTransport: Transport {
        /// How the transport connects.
        public struct Configuration: Sendable {
            public enum HTTPVersion: Sendable, Hashable {
                /// HTTP/1.1 only.
                case http1_1
                /// HTTP/2 over TLS where the server offers it, HTTP/1.1 otherwise (default).
                case http2OverTLS
                /// HTTP/2 over TLS, and an upgrade attempt over cleartext.
                case http2
                /// HTTP/2 straight away, also over cleartext (the server must speak it).
                case http2PriorKnowledge

                var curlValue: Int {
                    switch self {
                    case .http1_1: buyflow_curl_http_version_1_1
                    case .http2OverTLS: buyflow_curl_http_version_2tls
                    case .http2: buyflow_curl_http_version_2
                    case .http2PriorKnowledge: buyflow_curl_http_version_2_prior_knowledge
                    }
                }
            }

            public var httpVersion: HTTPVersion
            /// The timeout of requests that set none.
            public var defaultTimeout: Duration
            public var connectTimeout: Duration
            /// Connections to one host at most (0: no limit).
            public var maxConnectionsPerHost: Int
            /// Connections in all at most (0: no limit).
            public var maxTotalConnections: Int
            /// Verify the server's TLS certificate and name (turn off only for local testing).
            public var verifyPeer: Bool
            /// A CA bundle to verify with instead of the system's.
            public var caBundlePath: String?
            /// Ask for gzip/brotli/zstd bodies and decode them.
            public var acceptCompression: Bool
            /// The largest response body kept, counted after decoding (a gzip bomb stops
            /// here too): a larger one ends the transfer with a network error.
            public var maxResponseBytes: Int

            public init(
                httpVersion: HTTPVersion = .http2OverTLS,
                defaultTimeout: Duration = .seconds(30),
                connectTimeout: Duration = .seconds(10),
                maxConnectionsPerHost: Int = 0,
                maxTotalConnections: Int = 0,
                verifyPeer: Bool = true,
                caBundlePath: String? = nil,
                acceptCompression: Bool = true,
                maxResponseBytes: Int = 64 << 20
            ) {
                self.httpVersion = httpVersion
                self.defaultTimeout = defaultTimeout
                self.connectTimeout = connectTimeout
                self.maxConnectionsPerHost = maxConnectionsPerHost
                self.maxTotalConnections = maxTotalConnections
                self.verifyPeer = verifyPeer
                self.caBundlePath = caBundlePath
                self.acceptCompression = acceptCompression
                self.maxResponseBytes = maxResponseBytes
            }
        }

        public let configuration: Configuration
        private let engine: CurlEngine?

        public init(configuration: Configuration = Configuration()) {
            self.configuration = configuration
            engine = CurlEngine(configuration: configuration)
        }

        deinit { engine?.shutdown() }

        /// The libcurl in use, e.g. `libcurl/7.88.1 OpenSSL/3.0.19 … nghttp2/1.52.0`.
        public static var libraryVersion: String { CurlGlobal.version }

        public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if _Concurrency.Task.isCancelled { throw TransportError.cancelled() }
            guard let engine, let easy = engine.checkout() else {
                throw TransportError(.network, "libcurl could not be initialised")
            }
            let transfer = CurlTransfer(easy: easy)
            defer { engine.checkin(easy) }
            try transfer.configure(request, configuration)
            let code = await withTaskCancellationHandler {
                await withUnsafeContinuation { continuation in
                    transfer.continuation = continuation
                    engine.submit(transfer)
                }
            } onCancel: {
                engine.cancel(transfer)
            }
            return try transfer.response(code, timeout: request.timeout ?? configuration.defaultTimeout)
        }
    }
}
