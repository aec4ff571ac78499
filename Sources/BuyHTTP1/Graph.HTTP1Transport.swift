import Buy
import BuyCurl
import Foundation
import Synchronization

extension Graph {
    /// Sends `http://` requests as HTTP/1.1 over kept-alive TCP connections on an epoll
    /// loop of its own, with responses parsed by Node's http-parser (Debian's
    /// libhttp-parser); `https://` requests go to `secureTransport`, a `CurlTransport`
    /// unless you pass another.
    ///
    /// It is the cheapest way to send many requests to a cleartext endpoint (the sample
    /// shop, a local proxy, a staging server on a private network): a task writes its
    /// request on an idle connection from its own thread and the loop resumes it with the
    /// response, so a request costs two system calls and one thread hop. HTTP/1.1 carries
    /// one request per connection at a time, so N requests in flight use N connections;
    /// idle ones are kept (`maxIdleConnectionsPerHost`) and closed after `idleTimeout`.
    /// A request sent on a reused connection that the server closed before answering is
    /// sent once more on a new one, as browsers and libcurl do.
    ///
    /// Its loop is also a task executor (`taskExecutor`): tasks that prefer it run on the
    /// loop's thread, and their requests then cross no thread at all, as in an event-loop
    /// load generator. Such tasks must not block, or every request on the transport waits.
    /// (The transport itself blocks only to look up a host name for a new connection, with
    /// `getaddrinfo`, whose answers it keeps for a minute; IP addresses need no lookup.)
    ///
    ///     await withTaskExecutorPreference(transport.taskExecutor) {
    ///         // requests sent from here, and from child tasks, run on the loop
    ///     }
    ///
    /// It does not compress, follow redirects or use proxies. Available on Linux; on other
    /// platforms every request goes to `secureTransport`.
    ///
    ///     let client = Graph.Client(endpoint: shop.endpoint, transport: Graph.HTTP1Transport())
    public final class HTTP1Transport: Transport {
        public struct Configuration: Sendable {
            /// The timeout of requests that set none.
            public var defaultTimeout: Duration
            public var connectTimeout: Duration
            /// Idle connections kept per host and port.
            public var maxIdleConnectionsPerHost: Int
            /// How long an idle connection is kept.
            public var idleTimeout: Duration
            /// A larger response body fails the request.
            public var maxResponseBytes: Int

            public init(
                defaultTimeout: Duration = .seconds(30),
                connectTimeout: Duration = .seconds(10),
                maxIdleConnectionsPerHost: Int = 256,
                idleTimeout: Duration = .seconds(60),
                maxResponseBytes: Int = 64 << 20
            ) {
                self.defaultTimeout = defaultTimeout
                self.connectTimeout = connectTimeout
                self.maxIdleConnectionsPerHost = maxIdleConnectionsPerHost
                self.idleTimeout = idleTimeout
                self.maxResponseBytes = maxResponseBytes
            }
        }

        public let configuration: Configuration
        private let secure: Mutex<(any Transport)?>
        #if os(Linux)
        private let loop: Result<HTTP1EventLoop, TransportError>
        #endif

        /// - Parameter secureTransport: sends the `https://` requests; a `CurlTransport`
        ///   (made on first use) when `nil`.
        public init(configuration: Configuration = Configuration(), secureTransport: (any Transport)? = nil) {
            self.configuration = configuration
            secure = Mutex(secureTransport)
            #if os(Linux)
            loop = Result { () throws(TransportError) in
                try HTTP1EventLoop(settings: HTTP1EventLoop.Settings(
                    connectTimeout: configuration.connectTimeout,
                    idleTimeout: configuration.idleTimeout,
                    maxIdlePerEndpoint: configuration.maxIdleConnectionsPerHost,
                    maxBodyBytes: configuration.maxResponseBytes
                ))
            }
            #endif
        }

        deinit {
            #if os(Linux)
            if case .success(let loop) = loop { loop.shutdown() }
            #endif
        }

        public nonisolated(nonsending) func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            #if os(Linux)
            guard let target = try target(request.url) else { return try await secureTransport.send(request) }
            if _Concurrency.Task.isCancelled { throw TransportError.cancelled() }
            let loop = try loop.get()
            let bytes = try encoder.encode(request, target: target)
            let transfer = HTTP1Transfer(
                bytes: bytes, endpoint: target.endpoint,
                expectsNoBody: HTTPHeaders.namesMatch(request.method, "HEAD"),
                timeout: request.timeout ?? configuration.defaultTimeout
            )
            return try await withTaskCancellationHandler {
                try await withUnsafeThrowingContinuation { continuation in
                    if transfer.install(continuation) { loop.dispatch(transfer) }
                }
            } onCancel: {
                transfer.cancel()
            }
            #else
            return try await secureTransport.send(request)
            #endif
        }

        /// The executor running on the transport's event loop thread (`nil` where the
        /// transport has no loop: off Linux, or when epoll could not be set up). Once the
        /// transport is gone, tasks preferring it go on on the global executor.
        public var taskExecutor: (any TaskExecutor)? {
            #if os(Linux)
            try? loop.get()
            #else
            nil
            #endif
        }

        #if os(Linux)
        private let encoder = HTTP1RequestEncoder()

        /// The last URL's target: a client sends to one endpoint over and over.
        private let lastTarget = Mutex<(url: String, target: HTTP1Target)?>(nil)

        private func target(_ url: URL) throws(TransportError) -> HTTP1Target? {
            let text = url.absoluteString
            if let last = lastTarget.withLock({ $0 }), last.url == text { return last.target }
            guard let target = try HTTP1Target(text: text) else { return nil }
            lastTarget.withLock { $0 = (text, target) }
            return target
        }
        #endif

        /// The transport for `https://` requests.
        private var secureTransport: any Transport {
            secure.withLock { secure in
                if let transport = secure { return transport }
                let transport = CurlTransport(configuration: CurlTransport.Configuration(defaultTimeout: configuration.defaultTimeout,
                                                                                           connectTimeout: configuration.connectTimeout))
                secure = transport
                return transport
            }
        }
    }
}
