import Buy
#if os(Linux)
import Foundation
import Synchronization

/// One request on its way through `HTTP1Transport`: the encoded bytes, the deadline, the
/// timing marks, and the continuation to resume exactly once, by whoever ends it first:
/// the event loop (a response, an error, the deadline) or the task (cancellation).
///
/// The timing marks and `attempts` are written by one thread at a time: the task until
/// the transfer is handed to a connection, then the event loop; the connection's lock
/// orders the hand-over.
final class HTTP1Transfer: @unchecked Sendable {
    let bytes: [UInt8]
    let endpoint: HTTP1Endpoint
    let expectsNoBody: Bool
    let timeout: Duration
    let start: UInt64
    let deadline: UInt64

    /// Monotonic nanoseconds when the lookup and the connect ended (0: not measured).
    var lookupEnd: UInt64 = 0
    var connectEnd: UInt64 = 0
    /// Whether the response came over a connection an earlier request had used.
    var reusedConnection = false
    /// Connections this request was sent on (a reused one closed by the server before
    /// answering gets the request once more, on a new connection).
    var attempts = 0
    /// The remaining addresses to try if connecting to the current one fails.
    var fallbackAddresses: [HTTP1Address] = []

    private struct State {
        var continuation: UnsafeContinuation<Graph.HTTPResponse, any Error>?
        var outcome: Result<Graph.HTTPResponse, Graph.TransportError>?
        var connection: HTTP1Connection?
        var finished = false
    }

    private let state = Mutex(State())

    init(bytes: [UInt8], endpoint: HTTP1Endpoint, expectsNoBody: Bool, timeout: Duration) {
        self.bytes = bytes
        self.endpoint = endpoint
        self.expectsNoBody = expectsNoBody
        self.timeout = timeout
        start = HTTP1Clock.now()
        deadline = start &+ HTTP1Clock.nanoseconds(timeout)
    }

    /// Keeps the continuation; resumes it at once if the transfer already ended (it was
    /// cancelled) and returns `false` then.
    @discardableResult
    func install(_ continuation: UnsafeContinuation<Graph.HTTPResponse, any Error>) -> Bool {
        let early = state.withLock { state -> Result<Graph.HTTPResponse, Graph.TransportError>? in
            if state.finished { return state.outcome }
            state.continuation = continuation
            return nil
        }
        guard let early else { return true }
        Self.resume(continuation, early)
        return false
    }

    /// Records the connection carrying the request, for cancellation.
    func attach(_ connection: HTTP1Connection) {
        state.withLock { $0.connection = connection }
    }

    /// Ends the transfer; `false` when it had already ended.
    @discardableResult
    func finish(_ outcome: Result<Graph.HTTPResponse, Graph.TransportError>) -> Bool {
        let continuation = state.withLock { state -> UnsafeContinuation<Graph.HTTPResponse, any Error>?? in
            guard !state.finished else { return .none }
            state.finished = true
            state.connection = nil
            guard let continuation = state.continuation else {
                state.outcome = outcome
                return .some(nil)
            }
            state.continuation = nil
            return .some(continuation)
        }
        guard let continuation else { return false }
        if let continuation { Self.resume(continuation, outcome) }
        return true
    }

    private static func resume(
        _ continuation: UnsafeContinuation<Graph.HTTPResponse, any Error>,
        _ outcome: Result<Graph.HTTPResponse, Graph.TransportError>
    ) {
        switch outcome {
        case .success(let response): continuation.resume(returning: response)
        case .failure(let error): continuation.resume(throwing: error)
        }
    }

    /// Ends the transfer as cancelled and gives up its connection mid-exchange.
    func cancel() {
        let connection = state.withLock { $0.connection }
        if finish(.failure(.cancelled())) { connection?.abandon(self) }
    }

    var isFinished: Bool { state.withLock { $0.finished } }

    /// The timing breakdown, from the marks, at `end`.
    func timing(firstByte: UInt64, end: UInt64) -> Graph.Timing {
        func since(_ mark: UInt64) -> Duration { .nanoseconds(Int64(mark &- start)) }
        let lookup = lookupEnd > 0 ? since(lookupEnd) : .zero
        let connect = max(connectEnd > 0 ? since(connectEnd) : .zero, lookup)
        let first = max(firstByte > 0 ? since(firstByte) : since(end), connect)
        return Graph.Timing(
            nameLookup: lookup, connect: connect, tlsHandshake: nil,
            firstByte: first, total: max(since(end), first), reusedConnection: reusedConnection
        )
    }
}
#endif
