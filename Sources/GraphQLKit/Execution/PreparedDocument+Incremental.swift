import BuyflowCore

extension PreparedDocument {
    /// Executes the named operation incrementally (see
    /// `PreparedOperation.executeIncrementally`); request errors give a result without
    /// `data` and without later payloads.
    public func executeIncrementally(
        operationName: String? = nil, variables: JSONObject? = nil, rootValue: ResolvedValue = .null,
        context: (any Sendable)? = nil
    ) -> IncrementalResult {
        do {
            return try operation(named: operationName)
                .executeIncrementally(variables: variables, rootValue: rootValue, context: context)
        } catch {
            return IncrementalResult(initial: ExecutionResult(requestErrors: [error]))
        }
    }

    /// Executes the named operation incrementally, awaiting asynchronous resolvers.
    public func executeIncrementally(
        operationName: String? = nil, variables: JSONObject? = nil, rootValue: ResolvedValue = .null,
        context: (any Sendable)? = nil
    ) async -> IncrementalResult {
        let prepared: PreparedOperation
        do {
            prepared = try operation(named: operationName)
        } catch {
            return IncrementalResult(initial: ExecutionResult(requestErrors: [error]))
        }
        return await prepared.executeIncrementally(variables: variables, rootValue: rootValue, context: context)
    }
}
