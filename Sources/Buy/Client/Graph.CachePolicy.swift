extension Graph {
    /// Whether a query is answered from the cache, the network or both. `expireIn` is in
    /// seconds: a cached response older than that is stale and not used. Mutations are
    /// never answered from the cache.
    public enum CachePolicy: Sendable, Hashable {
        /// Only the cache, whatever its age; a miss is reported as `QueryError.cacheMiss`.
        case cacheOnly
        /// Only the network (the response is still cached for later).
        case networkOnly
        /// A fresh cached response if there is one, else the network.
        case cacheFirst(expireIn: Int)
        /// The network; when it gives no data, a fresh cached response — delivered *with*
        /// the network's error, so the failure stays visible.
        case networkFirst(expireIn: Int)
    }
}
