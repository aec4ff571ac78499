/// libyaml's own account of a failure, before it is reworded for people
/// (see `LibYAMLProblem+Diagnostic.swift`).
struct LibYAMLProblem: Error, Sendable {
    enum Kind: Sendable {
        case memory, reader, scanner, parser
    }

    var kind: Kind
    /// libyaml's `problem` text, e.g. "did not find expected key".
    var problem: String
    /// libyaml's `context` text, e.g. "while parsing a block mapping".
    var context: String?
    var problemMark: YAMLMark
    var contextMark: YAMLMark?
    /// For reader errors: the byte offset of the problem and the offending value.
    var offset: Int
    var value: Int

    static let outOfMemory = LibYAMLProblem(
        kind: .memory, problem: "memory error", context: nil,
        problemMark: YAMLMark(index: 0, line: 0, column: 0), contextMark: nil, offset: 0, value: -1
    )

    /// libyaml's words, kept in a note so nothing is lost in rewording.
    var rawDescription: String {
        guard let context else { return problem }
        return "\(problem) (\(context))"
    }
}
