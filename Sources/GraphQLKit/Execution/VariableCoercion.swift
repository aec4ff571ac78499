import BuyflowCore

/// A variable definition of a prepared operation, its type resolved and its default
/// value coerced once.
struct PreparedVariable: Sendable {
    let name: String
    let definition: VariableDefinition
    /// `nil` when the type does not exist or is not an input type.
    let type: TypeRef?
    /// The coerced default value; `nil` when there is none (or it is invalid).
    let defaultValue: JSONValue?

    init(_ definition: VariableDefinition, coercion: InputCoercion) {
        self.definition = definition
        name = definition.variable.value
        let type = coercion.schema.typeRef(definition.type)
        self.type = type.flatMap { coercion.schema[$0].isInputType ? $0 : nil }
        defaultValue = self.type.flatMap { type in
            definition.defaultValue.flatMap { coercion.literal($0, type: type, variables: nil) }
        }
    }
}

extension InputCoercion {
    /// The most variable errors reported before giving up (as graphql-js).
    static let maxVariableErrors = 50

    /// Spec "CoerceVariableValues": the coerced values of the operation's variables from
    /// the request's, or the request errors that stop execution. Values of undefined
    /// variables are ignored; an absent nullable variable without default stays absent.
    func coerceVariableValues(_ variables: [PreparedVariable], inputs: JSONObject) -> (values: JSONObject, errors: [GraphQLError]) {
        var coerced = JSONObject(minimumCapacity: variables.count)
        var errors: [GraphQLError] = []
        for variable in variables {
            let locations = GraphQLError.Location(variable.definition.location).map { [$0] } ?? []
            let typeText = variable.definition.type.description
            func fail(_ message: String) -> Bool {
                if errors.count >= Self.maxVariableErrors {
                    errors.append(GraphQLError("Too many errors processing variables, error limit reached. Execution aborted."))
                    return false
                }
                errors.append(GraphQLError(message, locations: locations))
                return true
            }
            guard let type = variable.type else {
                let typeLocation = GraphQLError.Location(variable.definition.type.location).map { [$0] } ?? locations
                errors.append(GraphQLError(
                    "Variable \"$\(variable.name)\" expected value of type \"\(typeText)\" which cannot be used as an input type.",
                    locations: typeLocation
                ))
                continue
            }
            guard let value = inputs[variable.name] else {
                if let defaultValue = variable.defaultValue {
                    coerced[variable.name] = defaultValue
                } else if type.isNonNull {
                    guard fail("Variable \"$\(variable.name)\" of required type \"\(typeText)\" was not provided.") else { break }
                }
                continue
            }
            if value.isNull, type.isNonNull {
                guard fail("Variable \"$\(variable.name)\" of non-null type \"\(typeText)\" must not be null.") else { break }
                continue
            }
            var path: [PathComponent] = []
            var problems: [Problem] = []
            coerced[variable.name] = coerce(value, to: type, path: &path, problems: &problems)
            var stopped = false
            for problem in problems {
                var message = "Variable \"$\(variable.name)\" got invalid value \(ValueInspector.inspect(problem.value))"
                if !problem.path.isEmpty { message += " at \"\(variable.name)\(Self.render(problem.path))\"" }
                guard fail(message + "; " + problem.message) else {
                    stopped = true
                    break
                }
            }
            if stopped { break }
        }
        return (coerced, errors)
    }

    /// graphql-js `printPathArray`: `.lines[0].quantity`.
    private static func render(_ path: [PathComponent]) -> String {
        path.map { component in
            switch component {
            case .key(let key): "." + key
            case .index(let index): "[\(index)]"
            }
        }.joined()
    }
}
