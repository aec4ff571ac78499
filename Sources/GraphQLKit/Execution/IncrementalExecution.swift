import BuyflowCore

/// Incremental execution (`@defer`, the proposal as of 2022-08-24 that the Storefront
/// API implements). The operation executes once, planned per request so that fragments
/// with an active `@defer` are left out and noted with the object value and path they
/// were met at; each noted fragment then executes on that value, at that path, as a
/// payload of its own (its own `@defer`s noted in turn). A deferred fragment whose
/// object ended up `null` (or under a `null`) is dropped. Field errors in a deferred
/// fragment stay in its payload: a `null` propagating out of the fragment's fields makes
/// the payload's `data` null and leaves the initial result alone.
///
/// Operations without `@defer` execute exactly as `execute` does.
extension PreparedOperation {
    /// Executes the operation incrementally (see `IncrementalResult`).
    public func executeIncrementally(
        variables: JSONObject? = nil, rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) -> IncrementalResult {
        guard usesDefer, !requiresAsync else {
            return IncrementalResult(initial: execute(variables: variables, rootValue: rootValue, context: context))
        }
        var run: IncrementalRun
        switch IncrementalRun.start(self, variables, context) {
        case .success(let started): run = started
        case .failure(let failure): return IncrementalResult(initial: ExecutionResult(requestErrors: failure.errors))
        }
        let execution = SyncExecution(run.environment)
        let data = (try? execution.executeFields(run.rootPlan, parent: rootValue, path: nil)) ?? .null
        run.enqueue(execution.deferred, in: data, at: nil)
        while let (record, planned) = run.next() {
            guard let plan = planned else { continue }
            let execution = SyncExecution(run.environment)
            let data = (try? execution.executeFields(plan, parent: record.parent, path: record.path)) ?? .null
            run.deliver(record, data: data, errors: execution.errors, deferred: execution.deferred)
        }
        return IncrementalResult(initial: ExecutionResult(data: data, errors: execution.errors), subsequent: run.payloads)
    }

    /// Executes the operation incrementally, awaiting asynchronous resolvers.
    public func executeIncrementally(
        variables: JSONObject? = nil, rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) async -> IncrementalResult {
        guard usesDefer else {
            return IncrementalResult(initial: await execute(variables: variables, rootValue: rootValue, context: context))
        }
        var run: IncrementalRun
        switch IncrementalRun.start(self, variables, context) {
        case .success(let started): run = started
        case .failure(let failure): return IncrementalResult(initial: ExecutionResult(requestErrors: failure.errors))
        }
        let execution = AsyncExecution(run.environment)
        let data = (try? await execution.executeFields(
            run.rootPlan, parent: rootValue, path: nil, serially: operation.operation == .mutation
        )) ?? .null
        run.enqueue(execution.sync.deferred, in: data, at: nil)
        while let (record, planned) = run.next() {
            guard let plan = planned else { continue }
            let execution = AsyncExecution(run.environment)
            let data = (try? await execution.executeFields(plan, parent: record.parent, path: record.path, serially: false)) ?? .null
            run.deliver(record, data: data, errors: execution.errors, deferred: execution.sync.deferred)
        }
        return IncrementalResult(initial: ExecutionResult(data: data, errors: execution.errors), subsequent: run.payloads)
    }
}

/// The state of one incremental execution: the planner (in `incremental` mode), the
/// deferred fragments still to execute and the payloads made so far.
struct IncrementalRun {
    let environment: ExecutionEnvironment
    let rootPlan: FieldPlan
    private var planner: FieldPlanner
    private var queue: [DeferredRecord] = []
    private var position = 0
    private(set) var payloads: [DeferredPayload] = []

    private init(environment: ExecutionEnvironment, rootPlan: FieldPlan, planner: FieldPlanner) {
        self.environment = environment
        self.rootPlan = rootPlan
        self.planner = planner
    }

    /// Coerces the variables and plans the root; request errors otherwise.
    static func start(
        _ operation: PreparedOperation, _ variables: JSONObject?, _ context: (any Sendable)?
    ) -> Result<IncrementalRun, PreparedOperation.RequestFailure> {
        let environment: ExecutionEnvironment
        switch operation.makeEnvironment(variables, context, incremental: true) {
        case .success(let made): environment = made
        case .failure(let failure): return .failure(failure)
        }
        var planner = FieldPlanner(executor: operation.executor)
        do {
            let plan = try planner.plan([operation.rootSelectionSet], on: operation.rootType, mode: environment.planningMode)
            return .success(IncrementalRun(environment: environment, rootPlan: plan, planner: planner))
        } catch {
            return .failure(PreparedOperation.RequestFailure(errors: [error]))
        }
    }

    /// Queues the deferred fragments an execution met whose object is still an object in
    /// its `data` (the value at `base`).
    mutating func enqueue(_ records: [DeferredRecord], in data: JSONValue, at base: ResponsePath?) {
        let baseCount = base?.count ?? 0
        for record in records {
            let path = ResponsePath.components(record.path)
            if Self.isObject(data, at: path.dropFirst(baseCount)) { queue.append(record) }
        }
    }

    /// The next deferred fragment and its plan (`nil` after a planning error, which
    /// becomes its payload's error).
    mutating func next() -> (DeferredRecord, FieldPlan?)? {
        guard position < queue.count else { return nil }
        let record = queue[position]
        position += 1
        do {
            return (record, try planner.plan([record.selectionSet], on: record.objectType, mode: environment.planningMode))
        } catch {
            payloads.append(DeferredPayload(
                data: .null, path: ResponsePath.components(record.path), label: record.label, errors: [error]
            ))
            return (record, nil)
        }
    }

    /// Records a deferred fragment's payload and queues the fragments it deferred.
    mutating func deliver(_ record: DeferredRecord, data: JSONValue, errors: [GraphQLError], deferred: [DeferredRecord]) {
        payloads.append(DeferredPayload(
            data: data, path: ResponsePath.components(record.path), label: record.label, errors: errors
        ))
        enqueue(deferred, in: data, at: record.path)
    }

    private static func isObject(_ value: JSONValue, at path: ArraySlice<PathComponent>) -> Bool {
        var current = value
        for component in path {
            switch (component, current) {
            case (.key(let key), .object(let object)):
                guard let member = object[key] else { return false }
                current = member
            case (.index(let index), .array(let items)) where items.indices.contains(index):
                current = items[index]
            default:
                return false
            }
        }
        if case .object = current { return true }
        return false
    }
}

extension ResponsePath {
    /// The components from the root to `path` (`[]` for the root).
    static func components(_ path: ResponsePath?) -> [PathComponent] {
        guard let path else { return [] }
        return components(path.parent, path.component)
    }
}
