import Foundation
import BuyflowCore

extension Graph.Client {
    /// Runs a typed operation under a cache policy and retry handler: the one path behind
    /// the completion-handler and the async APIs.
    func perform<R>(
        _ operation: GraphQL.Operation<R>,
        cachePolicy: Graph.CachePolicy,
        retryHandler: Graph.RetryHandler<R>?
    ) async -> Graph.QueryResult<R> {
        let request = makeRequest(document: operation.text(context: buyerLocale?.directive))
        let isMutation = operation.type == .mutation
        // As in the SDK, polling always goes to the network; mutations never touch the cache.
        let policy: Graph.CachePolicy = isMutation || retryHandler != nil ? .networkOnly : cachePolicy
        let key = isMutation ? nil : cacheKey(for: request)

        switch policy {
        case .cacheOnly:
            guard let key, let item = cache.item(for: key) else {
                return Graph.QueryResult(response: nil, error: .cacheMiss)
            }
            return cached(item, operation, networkError: nil)
        case .cacheFirst(let expireIn):
            if let key, let item = cache.freshItem(for: key, expireIn: expireIn) {
                return cached(item, operation, networkError: nil)
            }
            return await network(request, operation, retryHandler: retryHandler, cacheKey: key)
        case .networkOnly:
            return await network(request, operation, retryHandler: retryHandler, cacheKey: key)
        case .networkFirst(let expireIn):
            let result = await network(request, operation, retryHandler: retryHandler, cacheKey: key)
            guard result.response == nil, !(result.error?.isCancellation ?? false),
                  let key, let item = cache.freshItem(for: key, expireIn: expireIn) else { return result }
            let fallback = cached(item, operation, networkError: result.error)
            return Graph.QueryResult(
                response: fallback.response, error: fallback.error, isFromCache: true,
                attempts: result.attempts, lastExchange: result.lastExchange
            )
        }
    }

    /// Sends the request until the retry handler is satisfied; caches a decoded response.
    private func network<R>(
        _ request: Graph.HTTPRequest,
        _ operation: GraphQL.Operation<R>,
        retryHandler: Graph.RetryHandler<R>?,
        cacheKey key: String?
    ) async -> Graph.QueryResult<R> {
        var handler = retryHandler
        var attempts = 0
        while true {
            let exchange = await self.exchange(request)
            attempts += 1
            let (response, error) = Self.decode(exchange.data, error: exchange.error, operation)
            if let key, response != nil, let body = exchange.response?.body { cache.store(body, for: key) }

            if var retry = handler, !(error?.isCancellation ?? false), retry.shouldRetry(response, error) {
                retry.repeatCount += 1
                handler = retry
                do {
                    try await _Concurrency.Task.sleep(for: DurationText.seconds(retry.interval) ?? .zero)
                } catch {
                    return Graph.QueryResult(
                        response: nil, error: .request(error: Graph.TransportError.cancelled()),
                        attempts: attempts, lastExchange: exchange
                    )
                }
                continue
            }
            return Graph.QueryResult(response: response, error: error, attempts: attempts, lastExchange: exchange)
        }
    }

    private func cached<R>(_ item: Graph.Cache.Item, _ operation: GraphQL.Operation<R>, networkError: Graph.QueryError?) -> Graph.QueryResult<R> {
        let outcome = Graph.ResponseClassifier.classify(Graph.HTTPResponse(status: 200, body: item.body))
        let (response, error) = Self.decode(outcome.json?["data"]?.objectValue, error: outcome.error, operation)
        return Graph.QueryResult(response: response, error: networkError ?? error, isFromCache: true)
    }

    /// The typed response of `data`, and the error: a schema violation replaces the
    /// classification's error, as in the SDK.
    static func decode<R>(_ data: JSONObject?, error: Graph.QueryError?, _ operation: GraphQL.Operation<R>) -> (R?, Graph.QueryError?) {
        guard error?.hasDecodableData ?? true, let data else { return (nil, error) }
        do {
            return (try operation.decode(data), error)
        } catch {
            return (nil, .schemaViolation(violation: error))
        }
    }
}

extension Graph.QueryError {
    /// Whether a response classified with this error may still carry usable `data`.
    var hasDecodableData: Bool {
        if case .invalidQuery = self { true } else { false }
    }
}
