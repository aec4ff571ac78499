/// Answers requests. Called concurrently on the server's worker threads, so it must be
/// fast and must not block: return `.after` for a delay and `.deferred` for async work.
public protocol HTTPHandler: Sendable {
    /// The reply to one complete request.
    func reply(to request: HTTPRequest) -> HTTPReply
}
