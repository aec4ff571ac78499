import BuyflowCore

/// One operation prepared for repeated execution with different variables: variable
/// types resolved and defaults coerced, limits checked, fragments resolved, fields
/// planned for every runtime type with resolvers looked up and constant arguments
/// coerced. Immutable and `Sendable`; execute it from any number of threads at once.
public final class PreparedOperation: Sendable {
    public let operation: OperationDefinition
    let executor: Executor
    let variables: [PreparedVariable]
    let rootType: NamedType
    private let root: Root
    /// The operation's selection set, for incremental execution (planned per request).
    let rootSelectionSet: CompiledSelectionSet
    /// Whether a fragment of the operation has a `@defer` (not `if: false`).
    public let usesDefer: Bool
    /// A field that needs asynchronous execution, as `Type.field`, when there is one.
    private let asyncField: String?

    private enum Root: Sendable {
        case plan(FieldPlan)
        /// `@skip`/`@include` on variables at the top: planned at each execution.
        case dynamic(CompiledSelectionSet)
    }

    /// Spec "ExecuteRequest" up to "CoerceVariableValues": everything that does not
    /// depend on the request's variables.
    init(operation: OperationDefinition, document: Document, executor: Executor) throws(GraphQLError) {
        self.operation = operation
        self.executor = executor
        let schema = executor.schema
        let locations = GraphQLError.Location(operation.location).map { [$0] } ?? []
        guard let rootType = schema.rootType(for: operation.operation) else {
            throw GraphQLError("Schema is not configured to execute \(operation.operation.rawValue) operation.", locations: locations)
        }
        if operation.operation == .subscription {
            throw GraphQLError("Subscriptions are not supported: this executor runs queries and mutations.", locations: locations)
        }
        self.rootType = rootType
        let coercion = InputCoercion(schema: schema)
        variables = operation.variableDefinitions.map { PreparedVariable($0, coercion: coercion) }

        var compiler = SelectionCompiler(schema: schema, document: document)
        let selectionSet = try compiler.compile(operation.selectionSet)
        rootSelectionSet = selectionSet
        usesDefer = compiler.deferrals > 0
        if let error = SelectionMetrics.measure(selectionSet).limitError(executor.options, at: operation.location) {
            throw error
        }
        var planner = FieldPlanner(executor: executor)
        let plan: FieldPlan
        if selectionSet.isConditional {
            root = .dynamic(selectionSet)
            plan = try planner.plan([selectionSet], on: rootType, mode: .superset)
        } else {
            plan = try planner.plan([selectionSet], on: rootType, mode: .prepared)
            root = .plan(plan)
        }
        asyncField = Self.firstAsyncField(plan)
    }

    /// The operation's name, `nil` for an anonymous one.
    public var name: String? { operation.name?.value }
    public var operationType: OperationType { operation.operation }

    /// Whether some field it may execute has an asynchronous resolver: then only the
    /// async `execute` runs it; otherwise both run it without suspending.
    public var requiresAsync: Bool { asyncField != nil }

    /// Executes the operation (spec "ExecuteQuery"/"ExecuteMutation") with the request's
    /// variables (JSON, coerced per spec "CoerceVariableValues"), the root value and a
    /// context handed to every resolver. Invalid variables give request errors and no
    /// `data`; resolver errors give field errors and partial `data`.
    public func execute(
        variables: JSONObject? = nil, rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) -> ExecutionResult {
        if let asyncField {
            return ExecutionResult(requestErrors: [GraphQLError(
                "The operation reaches the asynchronous resolver of \(asyncField); execute it with the async execute.",
                locations: GraphQLError.Location(operation.location).map { [$0] } ?? []
            )])
        }
        let environment: ExecutionEnvironment
        switch makeEnvironment(variables, context) {
        case .success(let made): environment = made
        case .failure(let failure): return ExecutionResult(requestErrors: failure.errors)
        }
        let execution = SyncExecution(environment)
        let data: JSONValue
        do {
            data = try execution.executeFields(rootPlan(environment), parent: rootValue, path: nil)
        } catch {
            data = .null
        }
        return ExecutionResult(data: data, errors: execution.errors)
    }

    /// Executes the operation, awaiting asynchronous resolvers (see the synchronous
    /// `execute`). Without asynchronous resolvers it runs exactly like the synchronous one.
    public func execute(
        variables: JSONObject? = nil, rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) async -> ExecutionResult {
        let environment: ExecutionEnvironment
        switch makeEnvironment(variables, context) {
        case .success(let made): environment = made
        case .failure(let failure): return ExecutionResult(requestErrors: failure.errors)
        }
        let plan: FieldPlan
        do {
            plan = try rootPlan(environment)
        } catch {
            return ExecutionResult(requestErrors: [error])
        }
        if !plan.needsAsync {
            let execution = SyncExecution(environment)
            let data = (try? execution.executeFields(plan, parent: rootValue, path: nil)) ?? .null
            return ExecutionResult(data: data, errors: execution.errors)
        }
        let execution = AsyncExecution(environment)
        let data: JSONValue
        do {
            data = try await execution.executeFields(plan, parent: rootValue, path: nil, serially: operation.operation == .mutation)
        } catch {
            data = .null
        }
        return ExecutionResult(data: data, errors: execution.errors)
    }

    /// Executes the operation and returns the response as JSON bytes, exactly
    /// `JSONSerializer().bytes(execute(…).json)`, but written while executing with no
    /// intermediate `JSONValue`s: the fast path for a server.
    public func executeSerialized(
        variables: JSONObject? = nil, rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) -> [UInt8] {
        serializeSynchronously(variables: variables, rootValue: rootValue, context: context)
    }

    private func serializeSynchronously(variables: JSONObject?, rootValue: ResolvedValue, context: (any Sendable)?) -> [UInt8] {
        if asyncField != nil {
            let result: ExecutionResult = execute(variables: variables, rootValue: rootValue, context: context)
            return JSONSerializer().bytes(result.json)
        }
        let environment: ExecutionEnvironment
        switch makeEnvironment(variables, context) {
        case .success(let made): environment = made
        case .failure(let failure): return JSONSerializer().bytes(ExecutionResult(requestErrors: failure.errors).json)
        }
        let plan: FieldPlan
        do {
            plan = try rootPlan(environment)
        } catch {
            return JSONSerializer().bytes(ExecutionResult(requestErrors: [error]).json)
        }
        return Self.serialize(plan, rootValue: rootValue, environment: environment)
    }

    /// Executes the operation, awaiting asynchronous resolvers, and returns the response
    /// as JSON bytes (see the synchronous `executeSerialized`).
    public func executeSerialized(
        variables: JSONObject? = nil, rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) async -> [UInt8] {
        if asyncField == nil {
            return serializeSynchronously(variables: variables, rootValue: rootValue, context: context)
        }
        let result: ExecutionResult = await execute(variables: variables, rootValue: rootValue, context: context)
        return JSONSerializer().bytes(result.json)
    }

    private static let dataPrefix = Array(#"{"data":"#.utf8)

    private static func serialize(_ plan: FieldPlan, rootValue: ResolvedValue, environment: ExecutionEnvironment) -> [UInt8] {
        let execution = SerializingExecution(environment)
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        out.append(contentsOf: dataPrefix)
        do {
            try execution.writeFields(plan, parent: rootValue, path: nil, into: &out)
        } catch {
            out.removeSubrange(dataPrefix.count...)
            out.append(contentsOf: JSONBytes.null)
        }
        out.append(UInt8(ascii: "}"))
        let errors = execution.base.errors
        if errors.isEmpty { return out }
        var response = Array(#"{"errors":"#.utf8)
        response.reserveCapacity(out.count + 256 * errors.count)
        JSONSerializer().write(.array(errors.map(\.json)), into: &response)
        response.append(UInt8(ascii: ","))
        response.append(contentsOf: out[1...])
        return response
    }

    struct RequestFailure: Error {
        var errors: [GraphQLError]
    }

    func makeEnvironment(
        _ inputs: JSONObject?, _ context: (any Sendable)?, incremental: Bool = false
    ) -> Result<ExecutionEnvironment, RequestFailure> {
        var values = JSONObject()
        if !variables.isEmpty {
            let coerced = InputCoercion(schema: executor.schema).coerceVariableValues(variables, inputs: inputs ?? JSONObject())
            if !coerced.errors.isEmpty { return .failure(RequestFailure(errors: coerced.errors)) }
            values = coerced.values
        }
        return .success(ExecutionEnvironment(operation: self, variables: values, context: context, incremental: incremental))
    }

    private func rootPlan(_ environment: ExecutionEnvironment) throws(GraphQLError) -> FieldPlan {
        switch root {
        case .plan(let plan): return plan
        case .dynamic(let selectionSet):
            var planner = FieldPlanner(executor: executor)
            return try planner.plan([selectionSet], on: rootType, mode: .runtime(environment.variables))
        }
    }

    private static func firstAsyncField(_ plan: FieldPlan) -> String? {
        var visited: Set<ObjectIdentifier> = []
        func search(_ plan: FieldPlan) -> String? {
            guard plan.needsAsync, visited.insert(ObjectIdentifier(plan)).inserted else { return nil }
            for field in plan.fields where field.needsAsync {
                if field.resolver.isAsync { return "\(plan.objectType.name).\(field.name)" }
                switch field.children {
                case .object(let child): if let found = search(child) { return found }
                case .abstract(let children):
                    for child in children.values.sorted(by: { $0.objectType.id < $1.objectType.id }) {
                        if let found = search(child) { return found }
                    }
                case .none, .dynamic: break
                }
            }
            return plan.fields.first(where: \.needsAsync).map { "\(plan.objectType.name).\($0.name)" }
        }
        return search(plan)
    }
}
