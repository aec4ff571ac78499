import Buy
#if os(Linux)
import Glibc
import Synchronization

/// One kept-alive TCP connection of `HTTP1Transport`, carrying one request at a time.
///
/// The socket is non-blocking and registered with the event loop's epoll, which reads
/// every response and closes the socket. A task sending on an idle connection writes
/// its request straight from its own thread (no hand-over to the loop); only a request
/// the socket cannot take at once leaves bytes for the loop to write. `state`'s lock
/// orders the two threads, and `phase` becomes `.closed` under it before the descriptor
/// is closed, so nobody touches a descriptor number that may have been reused.
final class HTTP1Connection: @unchecked Sendable {
    enum Phase {
        case connecting
        case open
        case closed
    }

    enum StartResult {
        case sent
        /// The connection cannot carry it (closed, busy or broken): try another.
        case unusable
    }

    struct State {
        var phase: Phase
        var transfer: HTTP1Transfer?
        /// Request bytes not yet written, from `pendingOffset`.
        var pending: [UInt8] = []
        var pendingOffset = 0
        /// The connection must not carry another request (a transfer gave it up mid-way).
        var poisoned = false
        /// Requests sent on it so far.
        var uses = 0
    }

    let fd: Int32
    let endpoint: HTTP1Endpoint
    let state: Mutex<State>

    // Event loop thread only.
    let parser: HTTP1ResponseParser
    var firstByte: UInt64 = 0
    var idleSince: UInt64 = 0
    var connectDeadline: UInt64
    /// The loop closed the socket (the descriptor number may belong to another socket now).
    var isClosed = false

    /// A socket connecting (without waiting) to `address`.
    init(endpoint: HTTP1Endpoint, address: HTTP1Address, connectTimeout: Duration, maxBodyBytes: Int) throws(Graph.TransportError) {
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Self.error("socket", errno) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = address
        let result = withUnsafePointer(to: &address.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, address.length) }
        }
        let phase: Phase
        if result == 0 {
            phase = .open
        } else if errno == EINPROGRESS {
            phase = .connecting
        } else {
            let code = errno
            close(fd)
            throw Self.error("connect to \(endpoint.host):\(endpoint.port)", code)
        }
        self.fd = fd
        self.endpoint = endpoint
        state = Mutex(State(phase: phase))
        parser = HTTP1ResponseParser(maxBodyBytes: maxBodyBytes)
        connectDeadline = HTTP1Clock.now() &+ HTTP1Clock.nanoseconds(connectTimeout)
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer) -> HTTP1Connection {
        Unmanaged<HTTP1Connection>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Sends `transfer` on this connection: written at once when the socket is open and
    /// takes it, otherwise left for the loop (`wantWrite` arms EPOLLOUT for it).
    func start(_ transfer: HTTP1Transfer, wantWrite: (HTTP1Connection) -> Void) -> StartResult {
        transfer.attach(self)
        return state.withLock { state -> StartResult in
            guard state.phase != .closed, state.transfer == nil, !state.poisoned else { return .unusable }
            Self.take(transfer, into: &state)
            guard state.phase == .open else {
                wantWrite(self)
                return .sent
            }
            switch writePending(&state) {
            case .done:
                return .sent
            case .blocked:
                wantWrite(self)
                return .sent
            case .failed:
                // Broken before anything was answered: the loop closes it; try another.
                state.transfer = nil
                state.uses -= 1
                transfer.attempts -= 1
                state.poisoned = true
                shutdown(fd, Int32(SHUT_RDWR))
                return .unusable
            }
        }
    }

    enum WriteResult {
        case done
        case blocked
        case failed(Int32)
    }

    /// Writes what is pending until done or the socket is full (caller holds the lock).
    func writePending(_ state: inout State) -> WriteResult {
        while state.pendingOffset < state.pending.count {
            let written = state.pending.withUnsafeBytes { bytes in
                send(fd, bytes.baseAddress! + state.pendingOffset, bytes.count - state.pendingOffset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                state.pendingOffset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return .blocked
            } else {
                return .failed(written < 0 ? errno : EPIPE)
            }
        }
        state.pending = []
        state.pendingOffset = 0
        return .done
    }

    /// Takes `transfer` as the first request of a new connection; the loop writes it
    /// once the connection is established.
    func begin(_ transfer: HTTP1Transfer) {
        transfer.attach(self)
        state.withLock { state in
            if state.phase == .open { transfer.connectEnd = HTTP1Clock.now() }
            Self.take(transfer, into: &state)
        }
    }

    /// Makes `transfer` the connection's request, its bytes pending (caller holds the lock).
    private static func take(_ transfer: HTTP1Transfer, into state: inout State) {
        transfer.reusedConnection = state.uses > 0
        transfer.attempts += 1
        state.uses += 1
        state.transfer = transfer
        state.pending = transfer.bytes
        state.pendingOffset = 0
    }

    /// Gives up `transfer` mid-exchange (cancelled): the connection is shut down, and the
    /// loop closes it when it sees the hang-up.
    func abandon(_ transfer: HTTP1Transfer) {
        state.withLock { state in
            guard state.transfer === transfer else { return }
            state.transfer = nil
            state.poisoned = true
            if state.phase != .closed { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    static func error(_ what: String, _ code: Int32) -> Graph.TransportError {
        Graph.TransportError(.network, "\(what) failed: \(String(cString: strerror(code)))", code: Int(code))
    }
}
#endif
