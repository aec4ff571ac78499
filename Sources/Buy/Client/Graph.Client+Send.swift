import Foundation
import BuyflowCore

extension Graph.Client {
    /// Sends one raw GraphQL document and returns everything about the attempt, for the
    /// workflow engine (which records every attempt and does its own retries): status,
    /// headers, raw body, parsed JSON or why not, timing, and the `QueryError`.
    /// With a locale, `@inContext` is added to each operation that has none.
    ///
    /// No cache, no retry; never throws — a failure is in `error`. It runs on the caller's
    /// executor, as the transport's `send` does.
    public nonisolated(nonsending) func send(
        document: String,
        variables: JSONObject? = nil,
        operationName: String? = nil,
        headers: Graph.HTTPHeaders = [:],
        timeout: Duration? = nil
    ) async -> Graph.Exchange {
        var text = document
        if let buyerLocale { text = Graph.DocumentContext.addingDirective(buyerLocale.directive, to: document) }
        let request = makeRequest(document: text, variables: variables, operationName: operationName, headers: headers, timeout: timeout)
        return await exchange(request)
    }

    /// Sends a prepared request through the middleware and transport, and classifies it
    /// (on the caller's executor).
    public nonisolated(nonsending) func exchange(_ request: Graph.HTTPRequest) async -> Graph.Exchange {
        let startedAt = Date()
        let start = ContinuousClock.now
        do {
            if _Concurrency.Task.isCancelled { throw Graph.TransportError.cancelled() }
            let response = try await pipeline.send(request)
            let outcome = Graph.ResponseClassifier.classify(response)
            return Graph.Exchange(
                request: request, startedAt: startedAt, duration: ContinuousClock.now - start, response: response,
                json: outcome.json, jsonError: outcome.jsonError, error: outcome.error
            )
        } catch {
            let cause: any Error = error is CancellationError ? Graph.TransportError.cancelled() : error
            return Graph.Exchange(
                request: request, startedAt: startedAt, duration: ContinuousClock.now - start, response: nil,
                json: nil, jsonError: nil, error: .request(error: cause)
            )
        }
    }
}
