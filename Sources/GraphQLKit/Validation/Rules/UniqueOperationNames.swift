/// UniqueOperationNames (spec 5.2.1.1): no two operations share a name.
extension ValidationRun {
    /// Also runs LoneAnonymousOperation for an operation without a name.
    mutating func checkOperationName(_ operation: OperationDefinition) {
        guard let name = operation.name else {
            checkLoneAnonymousOperation(operation)
            return
        }
        guard rules.contains(.uniqueOperationNames) else { return }
        if let first = operationNames[name.value] {
            report(
                .uniqueOperationNames, "operation '\(name.value)' is defined more than once", at: name.location,
                notes: [note("first defined here", at: first)], hint: "operation names must be unique in a document",
                event: .enter(operation.location)
            )
        } else {
            operationNames[name.value] = name.location
        }
    }
}
