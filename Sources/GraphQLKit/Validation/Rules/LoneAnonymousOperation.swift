import BuyflowCore

/// LoneAnonymousOperation (spec 5.2.2.1): an operation without a name must be the only
/// operation of its document.
extension ValidationRun {
    mutating func checkLoneAnonymousOperation(_ operation: OperationDefinition) {
        guard operationCount > 1, rules.contains(.loneAnonymousOperation) else { return }
        var notes: [Diagnostic.Note] = []
        // Locations take no part in equality: compare offsets.
        for case .operation(let other) in document.definitions where other.location.start != operation.location.start {
            notes.append(note("another operation is defined here", at: other.location))
            break
        }
        report(
            .loneAnonymousOperation,
            "an anonymous operation must be the only operation in the document (there are \(operationCount))",
            at: operation.location, notes: notes, hint: "give every operation a name: 'query Name { … }'"
        )
    }
}
