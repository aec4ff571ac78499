import BuyflowCore
import GraphQLKit

/// The check's own diagnostics, located in the operation text (`Relocation` moves them).
extension OperationCheck {
    /// How the step's key is named in messages.
    static func keyName(_ kind: OperationType?) -> String {
        kind.map { "'\($0.rawValue):'" } ?? "the operation text"
    }

    /// No operation, or more than one.
    static func countProblem(
        _ operations: [OperationDefinition], kind: OperationType?, hasFragments: Bool
    ) -> Diagnostic {
        let key = keyName(kind)
        let example = kind == .mutation ? "mutation { … }" : "query { … }"
        guard operations.count > 1 else {
            return .error(
                "\(key) holds no operation" + (hasFragments ? ", only fragments" : ""),
                at: SourceLocation(file: textPath, line: 1, column: 1), code: code,
                hint: "write one operation, such as '\(example)'"
            )
        }
        let notes = operations.map { operation in
            Diagnostic.Note(
                operation.name.map { "operation '\($0.value)' is here" } ?? "an anonymous operation is here",
                at: operation.location.sourceLocation(in: textPath)
            )
        }
        return .error(
            "\(key) holds \(operations.count) operations; a step runs exactly one",
            at: operations[1].location.sourceLocation(in: textPath), code: code, notes: notes,
            hint: "split them into one step each, or put them in a 'documents:' file and use 'operation: <Name>'"
        )
    }

    /// A query under `mutation:` and the like; subscriptions everywhere.
    static func kindProblem(_ operation: OperationDefinition, expected: OperationType?) -> Diagnostic? {
        let found = operation.operation
        // Made only for a problem: it interns the path.
        var location: SourceLocation { operation.location.sourceLocation(in: textPath) }
        if found == .subscription, expected != .subscription {
            return .error(
                "\(keyName(expected)) holds a subscription; workflow steps run queries and mutations only",
                at: location, code: code
            )
        }
        guard let expected, expected != found else { return nil }
        let written = operation.isShorthand ? "'{ … }' (a query)" : "a \(found.rawValue)"
        return .error(
            "'\(expected.rawValue):' holds \(written), not a \(expected.rawValue)", at: location, code: code,
            hint: "put a \(found.rawValue) under '\(found.rawValue):', "
                + "or write the operation as '\(expected.rawValue) { … }'"
        )
    }
}
