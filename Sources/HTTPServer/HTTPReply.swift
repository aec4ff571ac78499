/// What a handler does with a request.
///
/// `.respond` is the fast path: the response is sent from the server's worker thread
/// with no hop. `.after` and `.deferred` park the connection (the worker thread goes on
/// serving other connections) and answer it later; `.drop` closes it unanswered.
public enum HTTPReply: Sendable {
    /// Send this response now.
    case respond(HTTPResponse)
    /// Send this response once the delay has passed, without holding a worker thread.
    case after(Duration, HTTPResponse)
    /// Close the connection without answering (what a client sees as a dropped request).
    case drop
    /// Run this async work off the worker thread and act on the reply it returns
    /// (which may itself be `.after`, `.drop` or another `.deferred`).
    case deferred(@Sendable () async -> HTTPReply)
}
