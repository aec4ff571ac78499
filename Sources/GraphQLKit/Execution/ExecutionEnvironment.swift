import BuyflowCore

/// What every field of one execution shares: the prepared operation, the coerced
/// variables and the caller's context.
final class ExecutionEnvironment: Sendable {
    let operation: PreparedOperation
    let variables: JSONObject
    let context: (any Sendable)?
    /// Executing incrementally: objects note their `@defer` fragments instead of
    /// collecting their fields (`FieldPlanner.Mode.incremental`).
    let incremental: Bool

    /// The coerced arguments of the directives on the operation (`@inContext(…)`), by name.
    let operationDirectives: [String: JSONObject]

    init(operation: PreparedOperation, variables: JSONObject, context: (any Sendable)?, incremental: Bool = false) {
        self.operation = operation
        self.variables = variables
        self.context = context
        self.incremental = incremental
        var directives: [String: JSONObject] = [:]
        let schema = operation.executor.schema
        for directive in operation.operation.directives {
            guard let definition = schema.directive(named: directive.name.value) else { continue }
            let arguments = try? InputCoercion(schema: schema).coerceArguments(
                definition.arguments, directive.arguments, at: directive.location, variables: variables
            )
            if let arguments, directives[definition.name] == nil { directives[definition.name] = arguments }
        }
        operationDirectives = directives
    }

    var schema: Schema { operation.executor.schema }
    var executor: Executor { operation.executor }

    /// How selection sets planned during this execution are planned.
    var planningMode: FieldPlanner.Mode { incremental ? .incremental(variables) : .runtime(variables) }
}
