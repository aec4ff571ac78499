/// NoUndefinedVariables (spec 5.8.3): every variable used, in the operation or the
/// fragments it spreads, is defined by the operation.
extension ValidationRun {
    mutating func reportUndefinedVariable(_ usage: VariableUsage, in operation: OperationRecord) {
        guard rules.contains(.noUndefinedVariables) else { return }
        let message: String
        let where_: String
        if let name = operation.name {
            message = "variable '$\(usage.name)' is not defined by operation '\(name)'"
            where_ = "operation '\(name)' is defined here"
        } else {
            message = "variable '$\(usage.name)' is not defined"
            where_ = "the operation is defined here"
        }
        let suggestion = Self.suggest(usage.name, among: operation.variables.map(\.name)).map { "$" + $0 }
        let declaration = usage.type.map { "$\(usage.name): \(schema.describe($0))" } ?? "$\(usage.name): Type"
        report(
            .noUndefinedVariables, message, at: usage.location, notes: [note(where_, at: operation.location)],
            suggestion: suggestion, hint: suggestion == nil ? "declare it with the operation's variables: '(\(declaration))'" : nil,
            event: .leave(operation.location)
        )
    }
}
