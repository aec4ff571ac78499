import BuyflowCore

/// A document prepared for repeated execution: each of its operations selected,
/// limit-checked and planned once. Immutable and `Sendable`: a server caches one per
/// query text and executes it concurrently with each request's operation name and
/// variables.
public final class PreparedDocument: Sendable {
    public let document: Document
    private let operations: [String: Result<PreparedOperation, GraphQLError>]
    /// The only operation's preparation (for requests without an operation name).
    private let onlyOperation: Result<PreparedOperation, GraphQLError>?

    init(document: Document, executor: Executor) {
        self.document = document
        var operations: [String: Result<PreparedOperation, GraphQLError>] = [:]
        var anonymous: Result<PreparedOperation, GraphQLError>?
        let definitions = document.operations
        for definition in definitions {
            let prepared = Result { () throws(GraphQLError) in
                try PreparedOperation(operation: definition, document: document, executor: executor)
            }
            if let name = definition.name?.value {
                if operations[name] == nil { operations[name] = prepared }
            } else if anonymous == nil {
                anonymous = prepared
            }
        }
        self.operations = operations
        if definitions.count == 1 {
            onlyOperation = anonymous ?? operations.values.first
        } else {
            onlyOperation = nil
        }
    }

    /// The operation a request names (spec "GetOperation"), or the request error:
    /// `Must provide an operation.`, `Must provide operation name if query contains
    /// multiple operations.`, `Unknown operation named "X".`, or the operation's own
    /// preparation error (a limit exceeded, a fragment cycle).
    public func operation(named name: String?) throws(GraphQLError) -> PreparedOperation {
        let prepared: Result<PreparedOperation, GraphQLError>
        if let name {
            guard let named = operations[name] else { throw GraphQLError("Unknown operation named \"\(name)\".") }
            prepared = named
        } else {
            guard let only = onlyOperation else {
                throw GraphQLError(
                    document.operations.isEmpty
                        ? "Must provide an operation." : "Must provide operation name if query contains multiple operations."
                )
            }
            prepared = only
        }
        return try prepared.get()
    }

    /// Executes the named operation (see `PreparedOperation.execute`); request errors
    /// give a result without `data`.
    public func execute(
        operationName: String? = nil, variables: JSONObject? = nil, rootValue: ResolvedValue = .null,
        context: (any Sendable)? = nil
    ) -> ExecutionResult {
        do {
            return try operation(named: operationName).execute(variables: variables, rootValue: rootValue, context: context)
        } catch {
            return ExecutionResult(requestErrors: [error])
        }
    }

    /// Executes the named operation and returns the response as JSON bytes (see
    /// `PreparedOperation.executeSerialized`).
    public func executeSerialized(
        operationName: String? = nil, variables: JSONObject? = nil, rootValue: ResolvedValue = .null,
        context: (any Sendable)? = nil
    ) -> [UInt8] {
        do {
            return try operation(named: operationName).executeSerialized(variables: variables, rootValue: rootValue, context: context)
        } catch {
            return JSONSerializer().bytes(ExecutionResult(requestErrors: [error]).json)
        }
    }

    /// Executes the named operation, awaiting asynchronous resolvers, and returns the
    /// response as JSON bytes.
    public func executeSerialized(
        operationName: String? = nil, variables: JSONObject? = nil, rootValue: ResolvedValue = .null,
        context: (any Sendable)? = nil
    ) async -> [UInt8] {
        let prepared: PreparedOperation
        do {
            prepared = try operation(named: operationName)
        } catch {
            return JSONSerializer().bytes(ExecutionResult(requestErrors: [error]).json)
        }
        return await prepared.executeSerialized(variables: variables, rootValue: rootValue, context: context)
    }

    /// Executes the named operation, awaiting asynchronous resolvers.
    public func execute(
        operationName: String? = nil, variables: JSONObject? = nil, rootValue: ResolvedValue = .null,
        context: (any Sendable)? = nil
    ) async -> ExecutionResult {
        let prepared: PreparedOperation
        do {
            prepared = try operation(named: operationName)
        } catch {
            return ExecutionResult(requestErrors: [error])
        }
        return await prepared.execute(variables: variables, rootValue: rootValue, context: context)
    }
}
