import BuyflowCore
import BuyflowExpressions

/// What each step's templates and expressions use, recorded while steps are read, so
/// `LoadSession.checkFlow` can tell, in step order, which names exist at each point:
/// a capture used before the step that makes it, an undefined name, a path into `data`
/// that the operation does not select.
struct FlowRecorder {
    /// When an expression is evaluated.
    enum Phase {
        /// Before the request: variables, headers, `if`, `node`, `with`, settings.
        case request
        /// After the response: assertions, captures, `until`, `failIf`, outputs.
        case response
    }

    struct Use {
        /// The paths the expression reads (`Expression.references`).
        var references: [ExpressionReference]
        /// The string scalar the expression is written in: its map is built only when a
        /// diagnostic needs a place inside it (`location(_:in:)`).
        var scalar: LocatedValue
        /// Where the expression's text starts in the scalar.
        var base: Int
        var phase: Phase
        var context: UseContext

        /// Where the scalar starts: the place when no map can be built.
        var fallback: SourceLocation { scalar.location }

        /// The file location of `offset` in the expression's text, through the scalar's
        /// map in its file (one of `sources`), or the scalar's start.
        func location(_ offset: Int, in sources: [SourcePath: SourceFile]) -> SourceLocation {
            guard let file = sources[scalar.location.path] else { return fallback }
            return ScalarSource(scalar: scalar, file: file).location(ofUTF8Offset: base + offset) ?? fallback
        }
    }

    struct StepRecord {
        var id: String
        var name: String
        var location: SourceLocation
        var scope: Int
        var uses: [Use] = []
        var captures: [(name: String, location: SourceLocation)] = []
        var operation: OperationSource?
        var nodeType: String?
        /// A steps file's `outputs`: sees every step of its file.
        var isOutputs = false
        /// Settings outside any step (`defaults`, `vars`, `shop`, params' defaults).
        var isSettings = false
    }

    struct Scope {
        var file: String
        var params: Set<String>?
        var steps: [StepRecord] = []
    }

    var scopes: [Scope] = [Scope(file: "", params: nil)]
    var settings: [StepRecord] = []
    /// Names of `vars`, columns of the rows (when known), whether there are rows.
    var vars: Set<String> = []
    var rowColumns: Set<String>?
    var hasRows = false

    mutating func beginScope(file: String, kind: ScopeContext.Kind) -> Int {
        if case .stepsFile(let params) = kind {
            scopes.append(Scope(file: file, params: params))
        } else {
            scopes.append(Scope(file: file, params: nil))
        }
        return scopes.count - 1
    }

    /// Room for `count` more steps' records in `scope`, so a long list's records are not
    /// copied as the array grows.
    mutating func reserve(steps count: Int, in scope: Int) {
        scopes[scope].steps.reserveCapacity(scopes[scope].steps.count + count)
    }

    func beginStep(id: String, name: String, location: SourceLocation, scope: Int, isOutputs: Bool = false) -> StepRecord {
        var record = StepRecord(id: id, name: name, location: location, scope: scope)
        // Room for a step's usual uses (variables, assertions, captures), grown once.
        record.uses.reserveCapacity(8)
        record.isOutputs = isOutputs
        return record
    }

    /// Keeps the record (consumed: handed over, not copied).
    mutating func endStep(_ record: consuming StepRecord) {
        let scope = record.scope
        scopes[scope].steps.append(record)
    }

    func defaultsRecord() -> StepRecord {
        var record = StepRecord(id: "", name: "", location: SourceLocation(file: "", line: 0, column: 0), scope: 0)
        record.isSettings = true
        return record
    }

    mutating func endDefaults(_ record: StepRecord) { settings.append(record) }
}
