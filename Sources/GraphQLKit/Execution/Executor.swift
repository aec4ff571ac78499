import BuyflowCore

/// Executes GraphQL operations against a schema with a set of resolvers (spec section 6
/// "Execution"), introspection included.
///
///     let executor = Executor(schema: schema, resolvers: resolvers)
///     let prepared = executor.prepare(document)            // cache this by query text
///     let result = prepared.execute(operationName: name, variables: variables, context: shop)
///     // or, for a server, the response bytes written while executing:
///     let body = prepared.executeSerialized(operationName: name, variables: variables, context: shop)
///
/// The document should have passed validation (`Validator`); execution does not repeat
/// it, but never crashes on an invalid document: unknown fields and fragments are
/// skipped, bad argument values become field errors.
///
/// Synchronous resolvers run on the caller's thread with no suspension point. With
/// asynchronous resolvers (`FieldResolver.async`) use the async `execute`: root fields
/// of a mutation run strictly one after another; elsewhere, sibling fields (and list
/// items) that reach an asynchronous resolver run concurrently in a task group, the
/// others inline, and the response keeps the order of the selection set.
public final class Executor: Sendable {
    public let schema: Schema
    public let resolvers: Resolvers
    public let options: ExecutionOptions

    /// The resolvers of the introspection types and meta fields.
    private let introspection: [String: [String: FieldResolver]]
    let hasAsyncResolvers: Bool

    public init(schema: Schema, resolvers: Resolvers = Resolvers(), options: ExecutionOptions = ExecutionOptions()) {
        self.schema = schema
        self.resolvers = resolvers
        self.options = options
        self.introspection = IntrospectionResolvers.resolvers(for: schema, enabled: options.allowsIntrospection)
        self.hasAsyncResolvers = resolvers.hasAsyncResolvers
    }

    /// Prepares every operation of a document for repeated execution: selects nothing
    /// yet (the operation name comes with each request), checks the limits, plans the
    /// fields. Cheap to keep and safe to share between threads.
    public func prepare(_ document: Document) -> PreparedDocument {
        PreparedDocument(document: document, executor: self)
    }

    /// Prepares and executes one request (spec "ExecuteRequest"). With asynchronous
    /// resolvers use the async variant.
    public func execute(
        document: Document, operationName: String? = nil, variables: JSONObject? = nil,
        rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) -> ExecutionResult {
        do {
            let operation = try prepareOperation(in: document, named: operationName)
            return operation.execute(variables: variables, rootValue: rootValue, context: context)
        } catch {
            return ExecutionResult(requestErrors: [error])
        }
    }

    /// Prepares and executes one request, awaiting asynchronous resolvers.
    public func execute(
        document: Document, operationName: String? = nil, variables: JSONObject? = nil,
        rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) async -> ExecutionResult {
        do {
            let operation = try prepareOperation(in: document, named: operationName)
            return await operation.execute(variables: variables, rootValue: rootValue, context: context)
        } catch {
            return ExecutionResult(requestErrors: [error])
        }
    }

    /// Executes one request against `schema` with `resolvers` (see `execute(document:…)`).
    public static func execute(
        schema: Schema, resolvers: Resolvers = Resolvers(), document: Document, operationName: String? = nil,
        variables: JSONObject? = nil, rootValue: ResolvedValue = .null, context: (any Sendable)? = nil,
        options: ExecutionOptions = ExecutionOptions()
    ) -> ExecutionResult {
        Executor(schema: schema, resolvers: resolvers, options: options)
            .execute(document: document, operationName: operationName, variables: variables, rootValue: rootValue, context: context)
    }

    /// Spec "GetOperation" and preparation of just that operation.
    func prepareOperation(in document: Document, named operationName: String?) throws(GraphQLError) -> PreparedOperation {
        let operation = try Self.selectOperation(in: document, named: operationName)
        return try PreparedOperation(operation: operation, document: document, executor: self)
    }

    /// Spec "GetOperation", with graphql-js's messages.
    static func selectOperation(in document: Document, named operationName: String?) throws(GraphQLError) -> OperationDefinition {
        let operations = document.operations
        guard let operationName else {
            guard !operations.isEmpty else { throw GraphQLError("Must provide an operation.") }
            guard operations.count == 1 else {
                throw GraphQLError("Must provide operation name if query contains multiple operations.")
            }
            return operations[0]
        }
        guard let operation = operations.first(where: { $0.name?.value == operationName }) else {
            throw GraphQLError("Unknown operation named \"\(operationName)\".")
        }
        return operation
    }

    /// The resolver of `field` on the object type `type`: introspection's, the one
    /// registered for the type, else for one of its interfaces, else the default.
    func resolver(for field: SchemaField, on type: NamedType) -> FieldResolver {
        if field === schema.schemaMetaField || field === schema.typeMetaField {
            return introspection[""]?[field.name] ?? .constant(.null)
        }
        if type.isIntrospectionType {
            return introspection[type.name]?[field.name] ?? .jsonMember
        }
        if let resolver = resolvers.fieldResolver(type: type.name, field: field.name) { return resolver }
        for interface in type.interfaces {
            if let resolver = resolvers.fieldResolver(type: schema[interface].name, field: field.name) { return resolver }
        }
        return resolvers.defaultFieldResolver
    }
}
