/// NoUnusedVariables (spec 5.8.4): every variable an operation defines is used, in the
/// operation or the fragments it spreads.
extension ValidationRun {
    mutating func reportUnusedVariable(_ variable: VariableDefinitionRecord, in operation: OperationRecord) {
        guard rules.contains(.noUnusedVariables) else { return }
        let message = operation.name.map { "variable '$\(variable.name)' is never used in operation '\($0)'" }
            ?? "variable '$\(variable.name)' is never used"
        report(.noUnusedVariables, message, at: variable.location, hint: "use it or remove it", event: .leave(operation.location))
    }
}
