import BuyflowCore

extension InputCoercion {
    /// Spec "CoerceArgumentValues": the argument values of a field or directive selection,
    /// given the coerced variables (`nil` while preparing: constant arguments only).
    func coerceArguments(
        _ definitions: [SchemaInputValue], _ arguments: [Argument], at location: Location, variables: JSONObject?
    ) throws(FieldFailure) -> JSONObject {
        var coerced = JSONObject(minimumCapacity: definitions.count)
        for definition in definitions {
            let name = definition.name
            guard let argument = arguments.first(where: { $0.name.value == name }) else {
                if let defaultValue = definition.defaultValue {
                    coerced[name] = literal(defaultValue, type: definition.type, variables: nil) ?? .null
                } else if definition.type.isNonNull {
                    throw FieldFailure(
                        "Argument \"\(name)\" of required type \"\(schema.describe(definition.type))\" was not provided.", at: location
                    )
                }
                continue
            }
            let value = argument.value
            var isNull = false
            switch value.kind {
            case .null:
                isNull = true
            case .variable(let variable):
                guard let variableValue = variables?[variable] else {
                    if let defaultValue = definition.defaultValue {
                        coerced[name] = literal(defaultValue, type: definition.type, variables: nil) ?? .null
                    } else if definition.type.isNonNull {
                        throw FieldFailure(
                            "Argument \"\(name)\" of required type \"\(schema.describe(definition.type))\" was provided the variable \"$\(variable)\" which was not provided a runtime value.",
                            at: value.location
                        )
                    }
                    continue
                }
                isNull = variableValue.isNull
            default:
                break
            }
            if isNull, definition.type.isNonNull {
                throw FieldFailure(
                    "Argument \"\(name)\" of non-null type \"\(schema.describe(definition.type))\" must not be null.", at: value.location
                )
            }
            guard let argumentValue = literal(value, type: definition.type, variables: variables) else {
                throw FieldFailure("Argument \"\(name)\" has invalid value \(Printer.print(value)).", at: value.location)
            }
            coerced[name] = argumentValue
        }
        return coerced
    }
}
