extension Graph {
    /// A query or mutation started with `queryGraphWith`/`mutateGraphWith`, as in the
    /// SDK: it starts suspended; `resume()` sends it, `cancel()` stops it (the request in
    /// flight is aborted). A completion handler that has not started when `cancel()` is
    /// called never runs; `cancel()` waits for one already running to return.
    public protocol Task: Sendable {
        func resume()
        func cancel()
    }
}
