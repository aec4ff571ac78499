import BuyflowCore

/// One execution of a prepared operation that reaches asynchronous resolvers.
///
/// Only the fields whose subtree reaches an asynchronous resolver (`needsAsync`) go
/// through here; the rest run on the `SyncExecution` inline. Where two or more sibling
/// fields, or the items of a list, need awaiting, they run concurrently in a task group,
/// each task with its own execution, and their errors are merged in field (item) order
/// after those of the fields run inline. Mutation root fields run strictly in order
/// (`serially`).
final class AsyncExecution {
    let sync: SyncExecution

    init(_ environment: ExecutionEnvironment) {
        sync = SyncExecution(environment)
    }

    var errors: [GraphQLError] { sync.errors }

    // MARK: - Selection sets and fields

    func executeFields(_ plan: FieldPlan, parent: ResolvedValue, path: ResponsePath?, serially: Bool) async throws(Bubble) -> JSONValue {
        guard plan.needsAsync else { return try sync.executeFields(plan, parent: parent, path: path) }
        if !plan.deferred.isEmpty { sync.noteDeferred(plan, parent: parent, path: path) }
        let fields = plan.fields
        let type = plan.objectType
        if serially || plan.asyncFieldCount < 2 {
            var object = JSONObject(minimumCapacity: fields.count)
            for field in fields {
                object[field.responseKey] = field.needsAsync
                    ? try await executeField(field, on: type, parent: parent, path: path)
                    : try sync.executeField(field, on: type, parent: parent, path: path)
            }
            return .object(object)
        }
        var values = [JSONValue?](repeating: nil, count: fields.count)
        var bubbled = false
        let results = await concurrently(fields.indices.filter { fields[$0].needsAsync }) { execution, index in
            try? await execution.executeField(fields[index], on: type, parent: parent, path: path)
        } whileWaiting: {
            for (index, field) in fields.enumerated() where !field.needsAsync && !bubbled {
                do {
                    values[index] = try sync.executeField(field, on: type, parent: parent, path: path)
                } catch {
                    bubbled = true
                }
            }
        }
        for (index, value) in results {
            if let value { values[index] = value } else { bubbled = true }
        }
        if bubbled { throw Bubble() }
        var object = JSONObject(minimumCapacity: fields.count)
        for (index, field) in fields.enumerated() {
            object[field.responseKey] = values[index] ?? .null
        }
        return .object(object)
    }

    func executeField(_ field: PlannedField, on type: NamedType, parent: ResolvedValue, path: ResponsePath?) async throws(Bubble) -> JSONValue {
        let value: ResolvedValue
        if case .async(let resolve) = field.resolver.body {
            let call: FieldCall
            do {
                call = FieldCall(
                    parent: parent, arguments: try sync.arguments(field), field: field,
                    environment: sync.environment, parentPath: path
                )
            } catch {
                return try sync.fail(error, field, path)
            }
            do {
                value = try await resolve(call)
            } catch {
                return try sync.fail(SyncExecution.failure(from: error), field, path)
            }
        } else {
            do {
                value = try sync.resolve(field, parent: parent, path: path)
            } catch {
                return try sync.fail(error, field, path)
            }
        }
        do {
            return try await complete(field.returnType, value, field, path, .key(field.responseKey))
        } catch {
            switch error {
            case .bubble:
                if field.returnType.isNonNull { throw Bubble() }
                return .null
            case .failed(let failure):
                return try sync.fail(failure, field, path)
            }
        }
    }

    // MARK: - Values

    func complete(
        _ type: TypeRef, _ value: ResolvedValue, _ field: PlannedField, _ path: ResponsePath?, _ component: PathComponent
    ) async throws(CompletionFailure) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            let completed = try await complete(inner, value, field, path, component)
            if case .null = completed { throw .failed(sync.nullInNonNull(field)) }
            return completed
        case .list(let itemType):
            let items: [ResolvedValue]
            switch value {
            case .null, .json(.null): return .null
            case .list(let list): items = list
            case .json(.array(let array)): items = array.map { .json($0) }
            default: throw .failed(sync.notAList(field))
            }
            let listPath = ResponsePath(path, component)
            var completed: [JSONValue] = []
            completed.reserveCapacity(items.count)
            if items.count < 2 {
                for (index, item) in items.enumerated() {
                    completed.append(try await completeItem(itemType, item, field, listPath, index))
                }
                return .array(completed)
            }
            let results = await concurrently(Array(items.indices)) { execution, index in
                try? await execution.completeItem(itemType, items[index], field, listPath, index)
            } whileWaiting: {}
            for (_, value) in results {
                guard let value else { throw .bubble }
                completed.append(value)
            }
            return .array(completed)
        case .named:
            switch field.completion {
            case .leaf, .typeName:
                return try sync.complete(type, value, field, path, component)
            case .object, .abstract:
                if value.isNull { return .null }
                let plan = try sync.childPlan(field, for: value)
                do {
                    return try await executeFields(plan, parent: value, path: ResponsePath(path, component), serially: false)
                } catch {
                    throw .bubble
                }
            }
        }
    }

    private func completeItem(
        _ itemType: TypeRef, _ item: ResolvedValue, _ field: PlannedField, _ listPath: ResponsePath, _ index: Int
    ) async throws(CompletionFailure) -> JSONValue {
        do {
            return try await complete(itemType, item, field, listPath, .index(index))
        } catch {
            if case .failed(let failure) = error { sync.record(failure, field, listPath, .index(index)) }
            if itemType.isNonNull { throw .bubble }
            return .null
        }
    }

    // MARK: - Concurrency

    /// Runs `job` for each index in a child task with its own execution while
    /// `whileWaiting` runs here; returns each job's value (`nil`: it propagated a null)
    /// in index order, and adds the jobs' errors (and deferred fragments) in index order.
    private func concurrently(
        _ indices: [Int], _ job: @escaping @Sendable (AsyncExecution, Int) async -> JSONValue?,
        whileWaiting inline: () -> Void
    ) async -> [(index: Int, value: JSONValue?)] {
        let environment = sync.environment
        let results = await withTaskGroup(of: (Int, JSONValue?, [GraphQLError], [DeferredRecord]).self) { group in
            for index in indices {
                group.addTask {
                    let execution = AsyncExecution(environment)
                    let value = await job(execution, index)
                    return (index, value, execution.errors, execution.sync.deferred)
                }
            }
            inline()
            var results: [(Int, JSONValue?, [GraphQLError], [DeferredRecord])] = []
            results.reserveCapacity(indices.count)
            for await result in group { results.append(result) }
            return results
        }
        var ordered = results.sorted { $0.0 < $1.0 }
        for index in ordered.indices {
            sync.errors += ordered[index].2
            sync.deferred += ordered[index].3
            ordered[index].2 = []
            ordered[index].3 = []
        }
        return ordered.map { (index: $0.0, value: $0.1) }
    }
}
