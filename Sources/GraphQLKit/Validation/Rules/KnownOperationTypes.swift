/// KnownOperationTypes (draft spec "Operation Type Existence", graphql-js 17): the
/// schema has a root type for the operation's kind.
extension ValidationRun {
    mutating func reportUnsupportedOperation(_ operation: OperationDefinition) {
        let kind = operation.operation.rawValue
        let name = operation.name.map { " '\($0.value)'" } ?? ""
        report(
            .knownOperationTypes,
            "\(kind)\(name) is not supported: the schema has no \(kind) root type", at: operation.location
        )
    }
}
