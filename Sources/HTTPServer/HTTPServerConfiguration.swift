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
        /// Worker threads, each polling its share of the connections (see `polling`).
        /// Default: the number of online cores.
        public var threadPoolSize: Int
        /// How each worker waits for its connections. Default `.poll`.
        public var polling: Polling
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
            tcpFastOpen: Bool = false,
            polling: Polling = .poll
        ) {
            self.host = host
            self.port = port
            self.threadPoolSize = threadPoolSize ?? Self.onlineCores
            self.connectionLimit = connectionLimit
            self.idleTimeout = idleTimeout
            self.maxBodySize = maxBodySize
            self.tcpFastOpen = tcpFastOpen
            self.polling = polling
        }

        /// How workers wait: `poll(2)`, or `epoll(7)` where libmicrohttpd has it.
        ///
        /// `.poll` is the default because it spreads a few keep-alive clients over the
        /// workers: in epoll mode a worker that wakes for the listening socket accepts up to
        /// ten connections in a row, so a client opening ten connections at once (`wrk -c10`,
        /// `buyflow load` with ten users) often lands all of them on one worker while the
        /// others idle; under `poll` every worker wakes and each accepts one at a time.
        /// Measured with `buyflow-bench shop` (Hydrogen's CartQuery, 2 workers): 0.21–0.35×
        /// nginx with epoll, 0.37–0.42× with poll. `.epoll` scales better past a few hundred
        /// connections per worker.
        public enum Polling: Sendable {
            case poll
            case epoll
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
