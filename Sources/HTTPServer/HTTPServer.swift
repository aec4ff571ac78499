internal import BuyflowCore
internal import CMicroHTTPD
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd: a pool of worker threads, each polling its share
/// of the connections (epoll on Linux), persistent connections, `Content-Length` on every
/// response, a body-size limit and an idle timeout.
///
///     let server = HTTPServer(configuration: .init(port: 0)) { request in
///         .respond(.json(body: #"{"data":{}}"#))
///     }
///     try server.start()
///     print(server.port!)          // the port the OS chose
///     server.stop()
///
/// The handler runs on the worker threads, concurrently. It replies at once (the fast
/// path), after a delay or from async work (the connection is parked meanwhile, freeing
/// the thread), or by dropping the connection: see `HTTPReply`.
public final class HTTPServer: Sendable {
    /// The configuration the server starts with.
    public let configuration: Configuration
    private let handler: @Sendable (HTTPRequest) -> HTTPReply
    /// The running daemon; held while starting and stopping, so those are serialized.
    private let lifecycle = Mutex<Running?>(nil)
    /// The bound port, 0 when stopped (read without waiting for a start or stop).
    private let boundPort = Atomic<Int>(0)

    /// A started daemon and what must outlive it.
    private struct Running: @unchecked Sendable {
        let daemon: OpaquePointer
        let context: Unmanaged<ServerContext>
        let address: BindAddress
    }

    /// A server answering every request with `handler.reply(to:)`.
    public init(configuration: Configuration = Configuration(), handler: some HTTPHandler) {
        self.configuration = configuration
        self.handler = { handler.reply(to: $0) }
    }

    /// A server answering every request with the closure's reply, on the worker thread.
    public init(
        configuration: Configuration = Configuration(),
        handler: @escaping @Sendable (HTTPRequest) -> HTTPReply
    ) {
        self.configuration = configuration
        self.handler = handler
    }

    /// A server answering every request from async code: each connection is parked while
    /// the closure runs as a task, and answered with its reply.
    public convenience init(
        configuration: Configuration = Configuration(),
        asyncHandler: @escaping @Sendable (HTTPRequest) async -> HTTPReply
    ) {
        self.init(configuration: configuration, handler: { request in
            .deferred { await asyncHandler(request) }
        })
    }

    deinit { stop() }

    /// The port the server listens on, or nil when it is not running.
    public var port: Int? {
        let port = boundPort.load(ordering: .acquiring)
        return port == 0 ? nil : port
    }

    /// Whether the server is listening.
    public var isRunning: Bool { port != nil }

    /// Binds `configuration.host` and `configuration.port` and starts serving. Throws a
    /// `Diagnostic` if the server is already running, the host is not an IP address, or
    /// the address cannot be bound (e.g. the port is in use).
    public func start() throws {
        try lifecycle.withLock { running in
            guard running == nil else {
                throw Diagnostic.error("the HTTP server is already running", code: "http.already-running")
            }
            let started = try Self.launch(configuration, handler)
            running = started
            boundPort.store(Int(buyflow_mhd_bound_port(started.daemon)), ordering: .releasing)
        }
    }

    /// Stops serving and returns once every worker thread has ended and the port is
    /// released. Requests in the handler finish first; parked ones (`.after`,
    /// `.deferred`) and unanswered connections are closed. Does nothing when stopped.
    /// Must not be called from a handler.
    public func stop() {
        lifecycle.withLock { running in
            guard let stopping = running else { return }
            running = nil
            boundPort.store(0, ordering: .releasing)
            stopping.context.takeUnretainedValue().shutDown()
            withExtendedLifetime(stopping.address) { MHD_stop_daemon(stopping.daemon) }
            // No callback runs any more; pending timers and tasks hold their own reference.
            stopping.context.release()
        }
    }

    private static func launch(
        _ configuration: Configuration,
        _ handler: @escaping @Sendable (HTTPRequest) -> HTTPReply
    ) throws -> Running {
        let address = try BindAddress(host: configuration.host, port: configuration.port)
        let context = Unmanaged.passRetained(ServerContext(handler: handler, maxBodySize: configuration.maxBodySize))

        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        flags |= configuration.polling == .epoll && MHD_is_feature_supported(.FEATURE_EPOLL) == .YES
            ? MHD_USE_EPOLL.rawValue : MHD_USE_POLL.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        if configuration.tcpFastOpen { flags |= MHD_USE_TCP_FASTOPEN.rawValue }

        var config = buyflow_mhd_config()
        config.flags = flags
        config.port = UInt16(configuration.port)
        config.bind_address = address.sockaddrPointer
        config.access_handler = accessHandler
        config.access_handler_cls = context.toOpaque()
        config.completed = requestCompleted
        config.completed_cls = nil
        config.thread_pool_size = UInt32(clamping: max(1, configuration.threadPoolSize))
        config.connection_limit = UInt32(clamping: max(1, configuration.connectionLimit))
        config.connection_timeout = configuration.idleTimeoutSeconds
        config.listen_backlog = 511

        errno = 0
        guard let daemon = buyflow_mhd_start_daemon(&config) else {
            let code = errno
            context.release()
            let reason = code != 0 ? String(cString: strerror(code)) : "libmicrohttpd could not start"
            throw Diagnostic.error(
                "cannot listen on \(configuration.host) port \(configuration.port): \(reason)",
                code: "http.listen"
            )
        }
        return Running(daemon: daemon, context: context, address: address)
    }
}

/// MHD's access handler: forwards to the daemon's `ServerContext`.
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, slot in
    guard let cls, let connection, let url, let method, let uploadSize, let slot else { return .NO }
    return Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        .access(connection, url: url, method: method, upload: upload, uploadSize: uploadSize, slot: slot)
}

/// MHD's request-completed callback: releases the request's `RequestState`, if any.
private let requestCompleted: MHD_RequestCompletedCallback = { _, _, slot, _ in
    guard let slot, let current = slot.pointee else { return }
    slot.pointee = nil
    if current != RequestState.bodyless {
        Unmanaged<RequestState>.fromOpaque(current).release()
    }
}
