extension Graph.Client {
    /// Sends a query, as in the SDK. The task starts suspended: call `resume()`.
    ///
    ///     let task = client.queryGraphWith(query) { response, error in
    ///         if let response { print(response.shop.name) }
    ///     }
    ///     task.resume()
    ///
    /// - Parameters:
    ///   - cachePolicy: overrides the client's `cachePolicy`.
    ///   - retryHandler: repeats the query while its condition holds (polling); the
    ///     completion runs once, after the last attempt.
    ///   - completionHandler: the response and the error (both may be set), on the
    ///     client's `completionQueue`; never called after `cancel()`.
    @discardableResult
    public func queryGraphWith<Query: GraphQL.RootQuery>(
        _ query: Query,
        cachePolicy: Graph.CachePolicy? = nil,
        retryHandler: Graph.RetryHandler<Query.Response>? = nil,
        completionHandler: @escaping @Sendable (Query.Response?, Graph.QueryError?) -> Void
    ) -> any Graph.Task {
        task(GraphQL.Operation(query), cachePolicy: cachePolicy ?? self.cachePolicy, retryHandler: retryHandler, completionHandler: completionHandler)
    }

    /// Sends a mutation, as in the SDK: never answered from the cache. The task starts
    /// suspended: call `resume()`.
    @discardableResult
    public func mutateGraphWith<Query: GraphQL.RootQuery>(
        _ mutation: Query,
        retryHandler: Graph.RetryHandler<Query.Response>? = nil,
        completionHandler: @escaping @Sendable (Query.Response?, Graph.QueryError?) -> Void
    ) -> any Graph.Task {
        task(GraphQL.Operation(mutation), cachePolicy: .networkOnly, retryHandler: retryHandler, completionHandler: completionHandler)
    }

    /// Sends a query and returns its outcome (`async` form of `queryGraphWith`). A
    /// cancelled task ends with `QueryError.request` whose `isCancellation` is true.
    public func queryGraphWith<Query: GraphQL.RootQuery>(
        _ query: Query,
        cachePolicy: Graph.CachePolicy? = nil,
        retryHandler: Graph.RetryHandler<Query.Response>? = nil
    ) async -> Graph.QueryResult<Query.Response> {
        await perform(GraphQL.Operation(query), cachePolicy: cachePolicy ?? self.cachePolicy, retryHandler: retryHandler)
    }

    /// Sends a mutation and returns its outcome (`async` form of `mutateGraphWith`).
    public func mutateGraphWith<Query: GraphQL.RootQuery>(
        _ mutation: Query,
        retryHandler: Graph.RetryHandler<Query.Response>? = nil
    ) async -> Graph.QueryResult<Query.Response> {
        await perform(GraphQL.Operation(mutation), cachePolicy: .networkOnly, retryHandler: retryHandler)
    }

    private func task<R>(
        _ operation: GraphQL.Operation<R>,
        cachePolicy: Graph.CachePolicy,
        retryHandler: Graph.RetryHandler<R>?,
        completionHandler: @escaping @Sendable (R?, Graph.QueryError?) -> Void
    ) -> any Graph.Task {
        Graph.InternalTask(queue: completionQueue) { [self] task in
            let result = await perform(operation, cachePolicy: cachePolicy, retryHandler: retryHandler)
            task.deliver { completionHandler(result.response, result.error) }
        }
    }
}
