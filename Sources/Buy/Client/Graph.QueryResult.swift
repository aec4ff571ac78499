extension Graph {
    /// The outcome of a query or mutation sent with `async`/`await`: the decoded response
    /// and the error, which are not mutually exclusive (partial data comes with
    /// `.invalidQuery`; `networkFirst` falling back to the cache keeps the network error).
    public struct QueryResult<R: GraphQL.AbstractResponse>: Sendable {
        public let response: R?
        public let error: QueryError?
        /// Whether `response` came from the cache.
        public let isFromCache: Bool
        /// The requests sent (0 when answered from the cache; more with a retry handler).
        public let attempts: Int
        /// The last request sent and its outcome, if any was sent.
        public let lastExchange: Exchange?

        public init(response: R?, error: QueryError?, isFromCache: Bool = false, attempts: Int = 0, lastExchange: Exchange? = nil) {
            self.response = response
            self.error = error
            self.isFromCache = isFromCache
            self.attempts = attempts
            self.lastExchange = lastExchange
        }

        /// The response, or the error when there is no response.
        public func get() throws(QueryError) -> R {
            if let response { return response }
            throw error ?? .noData
        }
    }
}
