/// VariablesInAllowedPosition (spec 5.8.5): a variable's type fits where it is used: the
/// same type, a non-null variable for a nullable position, lists item by item; a
/// nullable variable fits a non-null position when the variable or the position has a
/// default value (the spec's `AreTypesCompatible` with the default-value allowance).
extension ValidationRun {
    mutating func checkVariablePosition(
        _ usage: VariableUsage, expecting locationType: TypeRef, _ variable: VariableDefinitionRecord, _ variableType: TypeRef,
        in operation: OperationRecord
    ) {
        guard rules.contains(.variablesInAllowedPosition) else { return }
        if locationType.isNonNull, !variableType.isNonNull {
            let hasDefault = variable.hasNonNullDefault || usage.hasLocationDefault
            if hasDefault, schema.isTypeSubType(variableType, of: locationType.nullableType) { return }
        } else if schema.isTypeSubType(variableType, of: locationType) {
            return
        }
        let variableDescribed = schema.describe(variableType), locationDescribed = schema.describe(locationType)
        var hint: String?
        if locationType.isNonNull, !variableType.isNonNull, schema.isTypeSubType(variableType, of: locationType.nullableType) {
            hint = "declare it non-null, '$\(usage.name): \(variableDescribed)!', or give it a default value"
        }
        report(
            .variablesInAllowedPosition,
            "variable '$\(usage.name)' of type '\(variableDescribed)' used in position expecting '\(locationDescribed)'",
            at: usage.location, notes: [note("'$\(usage.name)' is defined here", at: variable.location)], hint: hint,
            event: .leave(operation.location)
        )
    }
}
