import Buy
#if os(Linux)
import Foundation
import Glibc
internal import CHTTPParser
import Synchronization

/// The epoll loop under `HTTP1Transport`, on a thread of its own: it completes
/// connects, writes what a socket could not take at once, reads and parses every
/// response, resumes the waiting task, and enforces deadlines.
///
/// Tasks send on idle connections themselves (`dispatch`), so the common path crosses
/// threads once per request: the loop resuming the task. The loop is also a
/// `TaskExecutor`: tasks that prefer it run on the loop's thread between batches of
/// events, and then a request crosses no thread at all. Connections live in
/// `state.connections` from their creation until the loop closes them; epoll events
/// carry an unretained pointer to their connection, and a connection closed while a
/// batch of events is being handled stays alive until the batch ends.
final class HTTP1EventLoop: @unchecked Sendable {
    struct Settings: Sendable {
        var connectTimeout: Duration
        var idleTimeout: Duration
        var maxIdlePerEndpoint: Int
        var maxBodyBytes: Int
    }

    private enum Sleep {
        case awake
        /// In `epoll_wait` until the next deadline scan: new jobs need a wake-up.
        case timed
        /// In `epoll_wait` without a timeout (no connections): new jobs and new
        /// connections need a wake-up.
        case indefinite
    }

    private struct State {
        var connections: [ObjectIdentifier: HTTP1Connection] = [:]
        /// Jobs of the tasks that prefer this loop as their executor, in arrival order.
        var jobs: [UnownedJob] = []
        var stopping = false
        var stopped = false
        var sleep = Sleep.awake
    }

    private let epoll: Int32
    private let wakeFD: Int32
    private let settings: Settings
    private let state = Mutex(State())
    private let pool: HTTP1ConnectionPool
    private let resolver = HTTP1Resolver()
    /// How often deadlines and idle connections are checked while connections exist.
    private let scanInterval: Int32 = 10

    // Loop thread only.
    private var graveyard: [HTTP1Connection] = []

    init(settings: Settings) throws(Graph.TransportError) {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw HTTP1Connection.error("epoll_create1", errno) }
        let wakeFD = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            Glibc.close(epoll)
            throw HTTP1Connection.error("eventfd", errno)
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.ptr = nil
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, wakeFD, &event) == 0 else {
            let code = errno
            Glibc.close(wakeFD)
            Glibc.close(epoll)
            throw HTTP1Connection.error("epoll_ctl", code)
        }
        self.epoll = epoll
        self.wakeFD = wakeFD
        self.settings = settings
        pool = HTTP1ConnectionPool(limitPerEndpoint: settings.maxIdlePerEndpoint)
        let thread = Thread { [self] in run() }
        thread.start()
    }

    // MARK: - Any thread

    /// Sends `transfer` on an idle connection to its endpoint, or on a new one. (A
    /// transfer cancelled after this check is sent, then abandoned with its connection.)
    func dispatch(_ transfer: HTTP1Transfer) {
        guard !transfer.isFinished else { return }
        while let connection = pool.checkout(transfer.endpoint) {
            if case .sent = connection.start(transfer, wantWrite: armWrite) { return }
        }
        connect(transfer, resolving: true)
    }

    /// Opens a connection for `transfer`, trying its addresses in order.
    private func connect(_ transfer: HTTP1Transfer, resolving: Bool) {
        var addresses = transfer.fallbackAddresses
        if resolving || addresses.isEmpty {
            do {
                addresses = try resolver.resolve(transfer.endpoint)
            } catch {
                transfer.finish(.failure(error))
                return
            }
            transfer.lookupEnd = HTTP1Clock.now()
        }
        var failure = Graph.TransportError(.network, "no address to connect to")
        while !addresses.isEmpty {
            let address = addresses.removeFirst()
            let connection: HTTP1Connection
            do {
                connection = try HTTP1Connection(
                    endpoint: transfer.endpoint, address: address,
                    connectTimeout: settings.connectTimeout, maxBodyBytes: settings.maxBodyBytes
                )
            } catch {
                failure = error
                continue
            }
            transfer.fallbackAddresses = addresses
            connection.begin(transfer)
            register(connection)
            return
        }
        transfer.finish(.failure(failure))
    }

    private func register(_ connection: HTTP1Connection) {
        let wake = state.withLock { state in
            state.connections[ObjectIdentifier(connection)] = connection
            guard state.sleep == .indefinite else { return false }
            state.sleep = .awake
            return true
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue
        event.data.ptr = connection.opaque
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, connection.fd, &event) == 0 else {
            // Never watched, so the loop never sees it: forget it and fail its request here.
            let code = errno
            state.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
            let transfer = connection.state.withLock { state -> HTTP1Transfer? in
                defer { state.transfer = nil; state.phase = .closed }
                return state.transfer
            }
            connection.isClosed = true
            Glibc.close(connection.fd)
            transfer?.finish(.failure(HTTP1Connection.error("epoll_ctl", code)))
            return
        }
        if wake { self.wake() }
    }

    /// Asks the loop to write the rest of a request (the caller holds the connection's lock).
    private func armWrite(_ connection: HTTP1Connection) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue
        event.data.ptr = connection.opaque
        if epoll_ctl(epoll, EPOLL_CTL_MOD, connection.fd, &event) != 0 {
            // The rest of the request can never be written: shut the socket so the loop
            // sees it broken (and the deadline scan fails the request in any case).
            Glibc.shutdown(connection.fd, Int32(SHUT_RDWR))
        }
    }

    /// Stops the loop: open connections are closed, requests in flight fail.
    func shutdown() {
        state.withLock { $0.stopping = true }
        wake()
    }

    /// Interrupts `epoll_wait` (under the lock, so never after the loop closed the fd).
    private func wake() {
        state.withLock { state in
            guard !state.stopped else { return }
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        }
    }

    // MARK: - Loop thread

    private func run() {
        buyflow_name_this_thread("buyflow.http1")
        let capacity = 64
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer {
            events.deallocate()
            buffer.deallocate()
        }
        var nextScan = HTTP1Clock.now()
        var jobs: [UnownedJob] = []
        while true {
            let (stopping, timeout) = state.withLock { state -> (Bool, Int32) in
                if state.stopping { return (true, 0) }
                if !state.jobs.isEmpty { return (false, 0) }
                state.sleep = state.connections.isEmpty ? .indefinite : .timed
                return (false, state.sleep == .indefinite ? -1 : scanInterval)
            }
            if stopping { break }
            let count = epoll_wait(epoll, events, Int32(capacity), timeout)
            if timeout != 0 { state.withLock { $0.sleep = .awake } }
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                guard let pointer = event.data.ptr else {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                    continue
                }
                handle(HTTP1Connection.from(pointer), event.events, buffer)
            }
            graveyard.removeAll(keepingCapacity: true)
            // The tasks the events resumed, and the ones those resume in turn; a few
            // rounds at most, so that a task resuming itself cannot starve the sockets.
            for _ in 0..<4 {
                state.withLock { swap(&jobs, &$0.jobs) }
                if jobs.isEmpty { break }
                for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
                jobs.removeAll(keepingCapacity: true)
            }
            let now = HTTP1Clock.now()
            if now >= nextScan {
                scan(now)
                graveyard.removeAll(keepingCapacity: true)
                nextScan = now + UInt64(scanInterval) * 1_000_000
            }
        }
        let connections = state.withLock { Array($0.connections.values) }
        for connection in connections {
            let transfer = close(connection)
            transfer?.finish(.failure(Graph.TransportError(.network, "the transport was shut down")))
        }
        graveyard.removeAll()
        // Tasks that still prefer this executor go on on the global one.
        let stranded = state.withLock { state in
            state.stopped = true
            defer { state.jobs = [] }
            return jobs + state.jobs
        }
        Glibc.close(wakeFD)
        Glibc.close(epoll)
        for job in stranded { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    private func handle(_ connection: HTTP1Connection, _ events: UInt32, _ buffer: UnsafeMutableRawBufferPointer) {
        // A connection closed earlier in this batch has a stale event.
        guard !connection.isClosed else { return }
        if events & (EPOLLOUT.rawValue | EPOLLERR.rawValue) != 0 {
            writable(connection)
        }
        guard !connection.isClosed else { return }
        if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            readable(connection, buffer)
        }
    }

    /// Completes a connect, then writes the pending request bytes.
    private func writable(_ connection: HTTP1Connection) {
        enum Next {
            case nothing
            case connectFailed(HTTP1Transfer?, Int32)
            case broken(Int32)
        }
        let next = connection.state.withLock { state -> Next in
            if state.phase == .connecting {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(connection.fd, SOL_SOCKET, SO_ERROR, &error, &length)
                if error != 0 {
                    let transfer = state.transfer
                    state.transfer = nil
                    return .connectFailed(transfer, error)
                }
                state.phase = .open
                state.transfer?.connectEnd = HTTP1Clock.now()
            }
            guard state.phase == .open else { return .nothing }
            switch connection.writePending(&state) {
            case .done:
                var event = epoll_event()
                event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
                event.data.ptr = connection.opaque
                guard epoll_ctl(epoll, EPOLL_CTL_MOD, connection.fd, &event) == 0 else { return .broken(errno) }
                return .nothing
            case .blocked:
                return .nothing
            case .failed(let code):
                return .broken(code)
            }
        }
        switch next {
        case .nothing:
            break
        case .connectFailed(let transfer, let code):
            _ = close(connection)
            guard let transfer, !transfer.isFinished else { return }
            if transfer.fallbackAddresses.isEmpty {
                transfer.finish(.failure(HTTP1Connection.error("connect to \(connection.endpoint.host):\(connection.endpoint.port)", code)))
            } else {
                connect(transfer, resolving: false)
            }
        case .broken(let code):
            broken(connection, HTTP1Connection.error("send", code))
        }
    }

    /// Reads what arrived and feeds it to the connection's parser.
    private func readable(_ connection: HTTP1Connection, _ buffer: UnsafeMutableRawBufferPointer) {
        // At most 16 full buffers per wake-up: a server that never stops sending cannot keep
        // the loop from its deadline scan (epoll is level-triggered: the rest waits).
        var reads = 0
        while true {
            reads += 1
            let received = recv(connection.fd, buffer.baseAddress, buffer.count, 0)
            if received > 0 {
                let parser = connection.parser
                if !parser.started {
                    let transfer = connection.state.withLock { state in
                        state.phase == .closed ? nil : state.transfer
                    }
                    guard let transfer else {
                        // Bytes nobody asked for, or the answer to an abandoned request.
                        _ = close(connection)
                        return
                    }
                    parser.expectsNoBody = transfer.expectsNoBody
                    connection.firstByte = HTTP1Clock.now()
                }
                switch parser.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<received])) {
                case .needsMore:
                    if received == buffer.count, reads < 16 { continue }
                    return
                case .complete(let consumed):
                    complete(connection, closeAfter: consumed < received)
                    return
                case .failed(let message):
                    fail(connection, Graph.TransportError(.network, message))
                    return
                }
            } else if received == 0 {
                if connection.parser.started {
                    if connection.parser.finish() {
                        complete(connection, closeAfter: true)
                    } else {
                        fail(connection, Graph.TransportError(.network, "the server closed the connection in the middle of the response"))
                    }
                } else {
                    broken(connection, Graph.TransportError(.network, "the server closed the connection before responding"))
                }
                return
            } else {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return
                default: broken(connection, HTTP1Connection.error("recv", errno)); return
                }
            }
        }
    }

    /// A whole response arrived: the connection goes back to the pool (unless it must
    /// close), then the task resumes with the response.
    ///
    /// A 408 on a reused connection is most likely the server timing out the idle
    /// connection just as the request went out, not an answer to it: the request is sent
    /// once more on a new connection, as Chromium does.
    private func complete(_ connection: HTTP1Connection, closeAfter: Bool) {
        let parser = connection.parser
        let keepAlive = parser.keepAlive && !closeAfter
        let (transfer, reusable) = connection.state.withLock { state -> (HTTP1Transfer?, Bool) in
            let transfer = state.transfer
            state.transfer = nil
            let reusable = keepAlive && !state.poisoned && state.pending.isEmpty && state.phase == .open
            return (transfer, reusable)
        }
        if let transfer, parser.status == 408, transfer.reusedConnection, transfer.attempts < 2 {
            parser.reset()
            connection.firstByte = 0
            close(connection)
            connect(transfer, resolving: true)
            return
        }
        let end = HTTP1Clock.now()
        let response = transfer.map {
            Graph.HTTPResponse(
                status: parser.status, headers: parser.headers, body: parser.body,
                timing: $0.timing(firstByte: connection.firstByte, end: end), httpVersion: parser.httpVersion
            )
        }
        parser.reset()
        connection.firstByte = 0
        if reusable {
            connection.idleSince = end
            if !pool.checkin(connection) { _ = close(connection) }
        } else {
            _ = close(connection)
        }
        if let transfer, let response { transfer.finish(.success(response)) }
    }

    /// The response could not be read: the request fails and the connection closes.
    private func fail(_ connection: HTTP1Connection, _ error: Graph.TransportError) {
        close(connection)?.finish(.failure(error))
    }

    /// The connection broke (closed, reset) before a response started: a request sent
    /// on a reused connection, which the server may have closed as idle just as it was
    /// sent, gets one more try on a new connection; otherwise it fails.
    private func broken(_ connection: HTTP1Connection, _ error: Graph.TransportError) {
        let started = connection.parser.started
        guard let transfer = close(connection), !transfer.isFinished else { return }
        if !started, transfer.reusedConnection, transfer.attempts < 2 {
            connect(transfer, resolving: true)
        } else {
            transfer.finish(.failure(error))
        }
    }

    /// Closes the socket and forgets the connection; returns the transfer it carried.
    @discardableResult
    private func close(_ connection: HTTP1Connection) -> HTTP1Transfer? {
        let transfer = connection.state.withLock { state -> HTTP1Transfer? in
            let transfer = state.transfer
            state.transfer = nil
            state.phase = .closed
            return transfer
        }
        guard !connection.isClosed else { return transfer }
        connection.isClosed = true
        state.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
        // Closing the only descriptor removes it from the set as well; a failure other than
        // "not in the set" would be a bookkeeping error of this loop.
        let removed = epoll_ctl(epoll, EPOLL_CTL_DEL, connection.fd, nil) == 0
        assert(removed || errno == ENOENT, "epoll_ctl(DEL) failed: \(errno)")
        Glibc.close(connection.fd)
        pool.remove(connection)
        graveyard.append(connection)
        return transfer
    }

    /// Fails requests past their deadline, connects past theirs, and closes connections
    /// idle for longer than the idle timeout.
    private func scan(_ now: UInt64) {
        enum Verdict {
            case keep
            case timedOut(HTTP1Transfer)
            case connectTimedOut(HTTP1Transfer?)
            case idle
        }
        let idleLimit = HTTP1Clock.nanoseconds(settings.idleTimeout)
        let connections = state.withLock { Array($0.connections.values) }
        for connection in connections {
            let verdict = connection.state.withLock { state -> Verdict in
                if let transfer = state.transfer, now >= transfer.deadline { return .timedOut(transfer) }
                if state.phase == .connecting, now >= connection.connectDeadline { return .connectTimedOut(state.transfer) }
                if state.transfer == nil, state.phase == .open, connection.idleSince > 0, now &- connection.idleSince >= idleLimit {
                    return .idle
                }
                return .keep
            }
            switch verdict {
            case .keep:
                continue
            case .timedOut(let transfer):
                close(connection)
                transfer.finish(.failure(Graph.TransportError(.timeout, "no complete response within \(transfer.timeout)")))
            case .connectTimedOut(let transfer):
                close(connection)
                guard let transfer else { continue }
                if transfer.fallbackAddresses.isEmpty {
                    let endpoint = connection.endpoint
                    transfer.finish(.failure(Graph.TransportError(
                        .timeout, "could not connect to \(endpoint.host):\(endpoint.port) within \(settings.connectTimeout)"
                    )))
                } else {
                    connect(transfer, resolving: false)
                }
            case .idle:
                close(connection)
            }
        }
    }
}

extension HTTP1EventLoop: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let (wake, stopped) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopped else { return (false, true) }
            state.jobs.append(unowned)
            guard state.sleep != .awake else { return (false, false) }
            state.sleep = .awake
            return (true, false)
        }
        if stopped { globalConcurrentExecutor.enqueue(ExecutorJob(unowned)) }
        if wake { self.wake() }
    }
}
#endif
