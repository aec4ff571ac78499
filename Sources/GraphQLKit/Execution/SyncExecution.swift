import BuyflowCore

/// One execution of a prepared operation with synchronous resolvers only (spec 6.3
/// "Executing Selection Sets", 6.4 "Executing Fields"): no suspension point, no task.
/// Also completes the parts of an asynchronous execution that need no awaiting.
///
/// Field errors are recorded where they arise, with the field's path and locations;
/// a null in a non-null position then propagates as a `Bubble` to the nearest nullable
/// field or list item, which becomes `null`. Siblings after a propagating field are not
/// executed (their object is null anyway).
final class SyncExecution {
    let environment: ExecutionEnvironment
    var errors: [GraphQLError] = []
    /// The `@defer` fragments met, in the order their objects were entered (incremental
    /// execution only).
    var deferred: [DeferredRecord] = []
    /// Plans selection sets that depend on variables, memoized for this execution.
    private var runtimePlanner: FieldPlanner?

    init(_ environment: ExecutionEnvironment) {
        self.environment = environment
    }

    var schema: Schema { environment.schema }

    // MARK: - Selection sets and fields

    func executeFields(_ plan: FieldPlan, parent: ResolvedValue, path: ResponsePath?) throws(Bubble) -> JSONValue {
        if !plan.deferred.isEmpty { noteDeferred(plan, parent: parent, path: path) }
        var object = JSONObject(minimumCapacity: plan.fields.count)
        for field in plan.fields {
            object[field.responseKey] = try executeField(field, on: plan.objectType, parent: parent, path: path)
        }
        return .object(object)
    }

    func executeField(_ field: PlannedField, on type: NamedType, parent: ResolvedValue, path: ResponsePath?) throws(Bubble) -> JSONValue {
        if case .typeName = field.completion { return .string(type.name) }
        let value: ResolvedValue
        do {
            value = try resolve(field, parent: parent, path: path)
        } catch {
            return try fail(error, field, path)
        }
        return try completeField(field, value, path: path)
    }

    /// Spec "ResolveFieldValue" for every resolver but asynchronous ones.
    func resolve(_ field: PlannedField, parent: ResolvedValue, path: ResponsePath?) throws(FieldFailure) -> ResolvedValue {
        if field.readsMember, case .json(.object(let object)) = parent {
            if let member = object[field.name] { return .json(member) }
            return .null
        }
        switch field.resolver.body {
        case .member:
            if case .json(.object(let object)) = parent {
                if let member = object[field.name] { return .json(member) }
                return .null
            }
            throw missingResolver(field, parent: parent)
        case .constant(let value):
            return value
        case .sync(let resolve):
            let call = FieldCall(
                parent: parent, arguments: try arguments(field), field: field, environment: environment, parentPath: path
            )
            do {
                return try resolve(call)
            } catch {
                throw Self.failure(from: error)
            }
        case .async:
            throw FieldFailure("The resolver of \(field.parentType.name).\(field.name) is asynchronous; execute the operation with the async execute.")
        }
    }

    /// Completes a resolved field value, turning failures into field errors.
    func completeField(_ field: PlannedField, _ value: ResolvedValue, path: ResponsePath?) throws(Bubble) -> JSONValue {
        do {
            return try complete(field.returnType, value, field, path, .key(field.responseKey))
        } catch {
            switch error {
            case .bubble:
                if field.returnType.isNonNull { throw Bubble() }
                return .null
            case .failed(let failure):
                return try fail(failure, field, path)
            }
        }
    }

    /// Records a field error and yields the field's null, or propagates it.
    func fail(_ failure: FieldFailure, _ field: PlannedField, _ path: ResponsePath?) throws(Bubble) -> JSONValue {
        record(failure, field, path, .key(field.responseKey))
        if field.returnType.isNonNull { throw Bubble() }
        return .null
    }

    func record(_ failure: FieldFailure, _ field: PlannedField, _ parent: ResponsePath?, _ last: PathComponent) {
        errors.append(GraphQLError(
            failure.message, locations: failure.locations ?? field.locations,
            path: ResponsePath.components(parent, last), extensions: failure.extensions
        ))
    }

    // MARK: - Values

    /// Spec "CompleteValue".
    func complete(
        _ type: TypeRef, _ value: ResolvedValue, _ field: PlannedField, _ path: ResponsePath?, _ component: PathComponent
    ) throws(CompletionFailure) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            let completed = try complete(inner, value, field, path, component)
            if case .null = completed { throw .failed(nullInNonNull(field)) }
            return completed
        case .list(let itemType):
            switch value {
            case .null, .json(.null):
                return .null
            case .list(let items):
                let listPath = ResponsePath(path, component)
                var completed: [JSONValue] = []
                completed.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    completed.append(try completeItem(itemType, item, field, listPath, index))
                }
                return .array(completed)
            case .json(.array(let items)):
                let listPath = ResponsePath(path, component)
                var completed: [JSONValue] = []
                completed.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    completed.append(try completeItem(itemType, .json(item), field, listPath, index))
                }
                return .array(completed)
            default:
                throw .failed(notAList(field))
            }
        case .named:
            switch field.completion {
            case .leaf(let kind):
                do {
                    return try ResultCoercion.serialize(value, as: kind)
                } catch {
                    throw .failed(error)
                }
            case .object, .abstract:
                if value.isNull { return .null }
                let plan = try childPlan(field, for: value)
                do {
                    return try executeFields(plan, parent: value, path: ResponsePath(path, component))
                } catch {
                    throw .bubble
                }
            case .typeName:
                return .string(field.parentType.name)
            }
        }
    }

    /// A list item: a failure is recorded with the item's path; the item becomes null,
    /// or the list does when items are non-null.
    private func completeItem(
        _ itemType: TypeRef, _ item: ResolvedValue, _ field: PlannedField, _ listPath: ResponsePath, _ index: Int
    ) throws(CompletionFailure) -> JSONValue {
        do {
            return try complete(itemType, item, field, listPath, .index(index))
        } catch {
            if case .failed(let failure) = error { record(failure, field, listPath, .index(index)) }
            if itemType.isNonNull { throw .bubble }
            return .null
        }
    }

    // MARK: - Support (shared with AsyncExecution)

    /// The plan of the object a composite field's value is: its type's, or for an
    /// interface or union its runtime type's (spec "ResolveAbstractType").
    func childPlan(_ field: PlannedField, for value: ResolvedValue) throws(CompletionFailure) -> FieldPlan {
        switch field.children {
        case .object(let plan):
            return plan
        case .abstract(let plans):
            guard case .abstract(let abstractType) = field.completion else { throw .failed(FieldFailure("Internal error: no plan.")) }
            let type = try runtimeType(of: value, abstractType, field)
            guard let plan = plans[type.id.index] else { throw .failed(FieldFailure("Internal error: no plan for \(type.name).")) }
            return plan
        case .dynamic(let group):
            let type: NamedType
            if case .abstract(let abstractType) = field.completion {
                type = try runtimeType(of: value, abstractType, field)
            } else {
                type = schema[field.returnType]
            }
            if runtimePlanner == nil { runtimePlanner = FieldPlanner(executor: environment.executor) }
            do {
                return try runtimePlanner!.plan(group, on: type, mode: environment.planningMode)
            } catch {
                throw .failed(FieldFailure(error.message, extensions: error.extensions))
            }
        case .none:
            throw .failed(FieldFailure("Internal error: no selection for a field of composite type."))
        }
    }

    /// The object type of a value at an interface or union position.
    private func runtimeType(of value: ResolvedValue, _ abstractType: NamedType, _ field: PlannedField) throws(CompletionFailure) -> NamedType {
        var name: String?
        if case .object(_, let typeName?) = value { name = typeName }
        let resolvers = environment.executor.resolvers
        if name == nil, let resolver = resolvers.typeResolver(for: abstractType.name) {
            do { name = try resolver(value, abstractType, environment.context) } catch { throw .failed(Self.failure(from: error)) }
        }
        if name == nil { name = value.typeName }
        if name == nil, let resolver = resolvers.defaultTypeResolver {
            do { name = try resolver(value, abstractType, environment.context) } catch { throw .failed(Self.failure(from: error)) }
        }
        guard let name else {
            throw .failed(FieldFailure(
                "Abstract type \"\(abstractType.name)\" must resolve to an Object type at runtime for field \"\(field.parentType.name).\(field.name)\". Either the \"\(abstractType.name)\" type should have a type resolver or each value should name its type (a \"__typename\" member, or ResolvedValue.object(_, typeName:))."
            ))
        }
        guard let type = schema.type(named: name) else {
            throw .failed(FieldFailure("Abstract type \"\(abstractType.name)\" was resolved to a type \"\(name)\" that does not exist inside the schema."))
        }
        guard type.kind == .object else {
            throw .failed(FieldFailure("Abstract type \"\(abstractType.name)\" was resolved to a non-object type \"\(name)\"."))
        }
        guard abstractType.hasSubType(type.id) else {
            throw .failed(FieldFailure("Runtime Object type \"\(name)\" is not a possible type for \"\(abstractType.name)\"."))
        }
        return type
    }

    /// Notes the deferred fragments of an object about to be executed.
    func noteDeferred(_ plan: FieldPlan, parent: ResolvedValue, path: ResponsePath?) {
        for fragment in plan.deferred {
            deferred.append(DeferredRecord(
                objectType: plan.objectType, parent: parent, path: path, label: fragment.label,
                selectionSet: fragment.selectionSet
            ))
        }
    }

    /// Spec "CoerceArgumentValues", done in advance unless variables are involved.
    func arguments(_ field: PlannedField) throws(FieldFailure) -> JSONObject {
        switch field.arguments {
        case .constant(let values):
            return values
        case .invalid(let failure):
            throw failure
        case .variables:
            let node = field.nodes[0].node
            return try InputCoercion(schema: schema).coerceArguments(
                field.definition.arguments, node.arguments, at: node.location, variables: environment.variables
            )
        }
    }

    /// A resolver's error as a field error: a thrown `GraphQLError` keeps its message,
    /// locations and extensions; any other error gives its description.
    static func failure(from error: any Error) -> FieldFailure {
        switch error {
        case let error as GraphQLError:
            var failure = FieldFailure(error.message, extensions: error.extensions)
            if !error.locations.isEmpty { failure.locations = error.locations }
            return failure
        case let error as FieldFailure:
            return error
        case let error as Diagnostic:
            return FieldFailure(error.fullMessage)
        default:
            return FieldFailure(String(describing: error))
        }
    }

    private func missingResolver(_ field: PlannedField, parent: ResolvedValue) -> FieldFailure {
        let found: String = switch parent {
        case .object(let object, _): "a value of type \(type(of: object))"
        case .list: "a list"
        case .json(let json): "JSON \(json.typeName)"
        case .null: "null"
        }
        return FieldFailure(
            "No resolver for field \"\(field.parentType.name).\(field.name)\", and its parent value is not a JSON object but \(found)."
        )
    }

    func nullInNonNull(_ field: PlannedField) -> FieldFailure {
        FieldFailure("Cannot return null for non-nullable field \(field.parentType.name).\(field.name).")
    }

    func notAList(_ field: PlannedField) -> FieldFailure {
        FieldFailure("Expected Iterable, but did not find one for field \"\(field.parentType.name).\(field.name)\".")
    }
}
