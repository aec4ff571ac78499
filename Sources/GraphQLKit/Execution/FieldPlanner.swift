import BuyflowCore

/// Builds `FieldPlan`s: spec "CollectFields" (with `@skip`/`@include`, fragment type
/// conditions, each fragment visited once per collection) and the merging of fields by
/// response key, plus everything about each field that does not depend on the data.
///
/// While preparing, plans are built for every runtime type a position can have and
/// memoized by (selection sets, type), so a prepared operation executes with no
/// CollectFields at all. Selection sets with `@skip`/`@include` on variables are
/// planned at each execution instead (`runtime` mode), and while preparing only in
/// `superset` mode (every condition taken as true) to learn whether an asynchronous
/// resolver can be reached. A runtime planner lives for one execution and memoizes too,
/// so the items of a list are planned once per runtime type.
struct FieldPlanner {
    enum Mode {
        case prepared
        case superset
        case runtime(JSONObject)
        /// `runtime` for an incremental execution: fragments with an active `@defer`
        /// are not collected but listed in `FieldPlan.deferred`.
        case incremental(JSONObject)
    }

    /// The most fields a prepared operation's plans may hold (abstract types multiply
    /// selections by their possible types).
    static let budget = 100_000

    let executor: Executor
    private var memo: [Key: FieldPlan] = [:]
    private var plannedFields = 0

    /// Memo keys. A planner in `runtime` mode serves one execution (one set of variables).
    private struct Key: Hashable {
        var sets: [Int]
        var type: Int
        var mode: Int
    }

    init(executor: Executor) {
        self.executor = executor
    }

    var schema: Schema { executor.schema }

    mutating func plan(_ group: [CompiledSelectionSet], on type: NamedType, mode: Mode) throws(GraphQLError) -> FieldPlan {
        let modeCode = switch mode {
        case .prepared: 0
        case .superset: 1
        case .runtime: 2
        case .incremental: 3
        }
        let key = Key(sets: group.map(\.id), type: type.id.index, mode: modeCode)
        if let known = memo[key] { return known }
        let (collected, deferred) = collect(group, on: type, mode: mode)
        var fields: [PlannedField] = []
        fields.reserveCapacity(collected.count)
        for nodes in collected {
            if let field = try plannedField(nodes, on: type, mode: mode) { fields.append(field) }
        }
        let plan = FieldPlan(objectType: type, fields: fields, deferred: deferred)
        memo[key] = plan
        return plan
    }

    // MARK: - CollectFields

    /// The selected fields grouped by response key, in order of first occurrence, and
    /// (in `incremental` mode) the deferred fragments that apply.
    private func collect(
        _ group: [CompiledSelectionSet], on type: NamedType, mode: Mode
    ) -> (fields: [[CompiledField]], deferred: [DeferredFragment]) {
        var grouped: [[CompiledField]] = []
        var deferred: [DeferredFragment] = []
        var positions: [String: Int] = [:]
        var visitedFragments: Set<String> = []

        func isIncluded(_ condition: SelectionCondition?) -> Bool {
            guard let condition else { return true }
            switch mode {
            case .prepared, .superset: return true
            case .runtime(let variables), .incremental(let variables): return condition.isIncluded(variables)
            }
        }

        /// In `incremental` mode, whether a fragment is deferred (graphql-js then neither
        /// collects its fields here nor marks it visited).
        func isDeferred(_ fragment: CompiledFragment) -> Bool {
            guard case .incremental(let variables) = mode, let deferral = fragment.deferral else { return false }
            return deferral.isActive(variables)
        }

        func visit(_ set: CompiledSelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    guard isIncluded(field.condition) else { continue }
                    if let position = positions[field.responseKey] {
                        grouped[position].append(field)
                    } else {
                        positions[field.responseKey] = grouped.count
                        grouped.append([field])
                    }
                case .fragment(let fragment):
                    guard isIncluded(fragment.condition) else { continue }
                    if isDeferred(fragment) {
                        if let condition = fragment.typeCondition, !Self.fragmentApplies(condition, to: type) { continue }
                        deferred.append(DeferredFragment(label: fragment.deferral?.label, selectionSet: fragment.selectionSet))
                        continue
                    }
                    if let name = fragment.name {
                        guard visitedFragments.insert(name).inserted else { continue }
                    }
                    if let condition = fragment.typeCondition, !Self.fragmentApplies(condition, to: type) { continue }
                    visit(fragment.selectionSet)
                }
            }
        }

        for set in group { visit(set) }
        return (grouped, deferred)
    }

    /// Spec "DoesFragmentTypeApply".
    private static func fragmentApplies(_ fragmentType: NamedType, to objectType: NamedType) -> Bool {
        if fragmentType === objectType { return true }
        return fragmentType.isAbstractType && fragmentType.hasSubType(objectType.id)
    }

    // MARK: - Fields

    private mutating func plannedField(_ nodes: [CompiledField], on type: NamedType, mode: Mode) throws(GraphQLError) -> PlannedField? {
        let first = nodes[0]
        guard let definition = schema.field(named: first.name, on: type) else { return nil }
        switch mode {
        case .runtime, .incremental: break
        case .prepared, .superset:
            plannedFields += 1
            if plannedFields > Self.budget {
                throw GraphQLError(
                    "The operation is too complex to plan: more than \(Self.budget) fields over the possible types of its selections.",
                    locations: GraphQLError.Location(first.node.location).map { [$0] } ?? [],
                    extensions: JSONObject([("code", .string("MAX_FIELDS_EXCEEDED"))])
                )
            }
        }
        if definition === schema.typeNameMetaField {
            return PlannedField(
                nodes: nodes, definition: definition, parentType: type, resolver: .jsonMember,
                arguments: .constant(JSONObject()), completion: .typeName, children: .none, needsAsync: false
            )
        }
        let resolver = executor.resolver(for: definition, on: type)
        let arguments = plannedArguments(definition, first.node, mode: mode)
        let named = schema[definition.type]
        let completion: PlannedField.Completion
        switch named.kind {
        case .object: completion = .object
        case .interface, .union: completion = .abstract(named)
        default: completion = .leaf(LeafKind(named, in: schema))
        }
        var children = PlannedField.Children.none
        var childrenNeedAsync = false
        if named.isCompositeType {
            let group = nodes.compactMap(\.selectionSet)
            switch mode {
            case .runtime, .incremental:
                children = .dynamic(group)
                childrenNeedAsync = executor.hasAsyncResolvers
            case .prepared where group.contains(where: \.isConditional):
                children = .dynamic(group)
                childrenNeedAsync = try planChildren(group, named, mode: .superset).needsAsync
            case .prepared, .superset:
                (children, childrenNeedAsync) = try planChildren(group, named, mode: mode)
            }
        }
        return PlannedField(
            nodes: nodes, definition: definition, parentType: type, resolver: resolver, arguments: arguments,
            completion: completion, children: children, needsAsync: resolver.isAsync || childrenNeedAsync
        )
    }

    private mutating func planChildren(
        _ group: [CompiledSelectionSet], _ type: NamedType, mode: Mode
    ) throws(GraphQLError) -> (children: PlannedField.Children, needsAsync: Bool) {
        if type.kind == .object {
            let plan = try plan(group, on: type, mode: mode)
            return (.object(plan), plan.needsAsync)
        }
        var plans: [Int: FieldPlan] = [:]
        var needsAsync = false
        for possible in schema.possibleTypes(of: type) {
            let plan = try plan(group, on: possible, mode: mode)
            plans[possible.id.index] = plan
            needsAsync = needsAsync || plan.needsAsync
        }
        return (.abstract(plans), needsAsync)
    }

    private func plannedArguments(_ definition: SchemaField, _ node: Field, mode: Mode) -> PlannedField.Arguments {
        if definition.arguments.isEmpty { return .constant(JSONObject()) }
        let coercion = InputCoercion(schema: schema)
        var variables: JSONObject?
        if case .runtime(let values) = mode {
            variables = values
        } else if case .incremental(let values) = mode {
            variables = values
        } else if !node.arguments.allSatisfy(\.value.isConstant) {
            return .variables
        }
        do {
            return .constant(try coercion.coerceArguments(definition.arguments, node.arguments, at: node.location, variables: variables))
        } catch {
            return .invalid(error)
        }
    }
}
