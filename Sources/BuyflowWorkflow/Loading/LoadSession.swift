import BuyflowCore
import BuyflowExpressions
import GraphQLKit

/// The state of one `WorkflowLoader.load`: the reader collecting diagnostics, the files
/// read, the schema, named operations from `documents`, steps files already loaded, and
/// the names each step uses (for the flow check once every step is read).
struct LoadSession: Sendable {
    let options: WorkflowLoader.Options
    var reader = DocumentReader(codePrefix: "workflow")
    /// Files read, by display path, in the order read.
    var sources: [String: SourceFile] = [:]
    /// The same files by interned path, for the scalars' source maps (no string hashing).
    var sourcesByPath: [SourcePath: SourceFile] = [:]
    var sourceOrder: [String] = []
    var schema: Schema?
    var schemaDescription: String?
    /// Named operations and fragments from `documents`.
    var library = DocumentLibrary()
    /// Steps files by display path.
    var stepsFiles: [String: StepsFile] = [:]
    /// Steps files being loaded, innermost last (for cycles).
    var useStack: [String] = []
    /// Names used by templates and expressions, per scope, for `FlowCheck`.
    var flow = FlowRecorder()
    /// `use:` paths seen so far, by their text (`useCall`).
    var useTargets: [String: UseTarget] = [:]
    /// Operations already checked clean in this load.
    var operationMemo = OperationCheck.Memo()
    /// Expressions and templates already parsed in this load.
    var expressionMemo = ExpressionMemo()

    init(options: WorkflowLoader.Options) {
        self.options = options
    }

    var sourceList: [SourceFile] { sourceOrder.compactMap { sources[$0] } }

    // MARK: - Diagnostics

    mutating func error(
        _ message: String, at location: SourceLocation?, code: String, suggestion: String? = nil, hint: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        reader.error(message, at: location, code: code, suggestion: suggestion, hint: hint, notes: notes)
    }

    mutating func warning(_ message: String, at location: SourceLocation?, code: String, hint: String? = nil) {
        reader.warning(message, at: location, code: code, hint: hint)
    }

    /// Diagnostics ordered by file (in the order files were read), line and column, each
    /// once (a fragment shared by several steps is checked with each of them).
    func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        let diagnostics = diagnostics.filter { seen.insert($0).inserted }
        let rank = Dictionary(uniqueKeysWithValues: sourceOrder.enumerated().map { ($1, $0) })
        return diagnostics.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            let ka = (rank[la?.file ?? ""] ?? Int.max, la?.line ?? 0, la?.column ?? 0, a.offset)
            let kb = (rank[lb?.file ?? ""] ?? Int.max, lb?.line ?? 0, lb?.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
    }
}
