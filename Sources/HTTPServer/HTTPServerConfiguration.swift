#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension HTTPServer {
    /// How the server listens and what it tolerates from clients.
    public struct Configuration: Sendable {
        /// The address to bind: an IPv4 or IPv6 literal (`127.0.0.1`, `::1`, `0.0.0.0`,
        /// `::`) or `localhost` (127.0.0.1). Default `127.0.0.1`.
        public var host: String
        /// The port to bind; 0 lets the OS choose a free one (see `HTTPServer.port`).
        public var port: Int
        /// Worker threads, each polling its share of the connections (epoll where the
        /// library has it, else poll). Default: the number of online cores.
        public var threadPoolSize: Int
        /// The most connections open at once; further clients wait in the listen backlog.
        public var connectionLimit: Int
        /// A connection idle this long (no bytes arriving while a request is incomplete,
        /// or between keep-alive requests) is closed, so slow or half-open clients cannot
        /// hold connections. Whole seconds, rounded up; `.zero` disables it. Default 10 s.
        public var idleTimeout: Duration
        /// The largest request body accepted; a larger one is answered 413 with a JSON
        /// `errors` body. Default 1 MiB.
        public var maxBodySize: Int
        /// Enables TCP Fast Open on the listening socket (Linux).
        public var tcpFastOpen: Bool

        /// A configuration; a nil `threadPoolSize` means one worker per online core.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            threadPoolSize: Int? = nil,
            connectionLimit: Int = 1000,
            idleTimeout: Duration = .seconds(10),
            maxBodySize: Int = 1 << 20,
            tcpFastOpen: Bool = false
        ) {
            self.host = host
            self.port = port
            self.threadPoolSize = threadPoolSize ?? Self.onlineCores
            self.connectionLimit = connectionLimit
            self.idleTimeout = idleTimeout
            self.maxBodySize = maxBodySize
            self.tcpFastOpen = tcpFastOpen
        }

        static var onlineCores: Int {
            max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }

        /// `idleTimeout` in whole seconds, rounded up; 0 for none.
        var idleTimeoutSeconds: UInt32 {
            let (seconds, attoseconds) = idleTimeout.components
            guard seconds > 0 || attoseconds > 0 else { return 0 }
            let rounded = seconds + (attoseconds > 0 ? 1 : 0)
            return UInt32(clamping: max(1, rounded))
        }
    }
}
