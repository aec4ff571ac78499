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
        var map: ScalarSource?
        /// Where the expression's text starts in the mapped scalar.
        var base: Int
        var fallback: SourceLocation
        var phase: Phase
        var context: String

        func location(_ offset: Int) -> SourceLocation {
            map?.location(ofUTF8Offset: base + offset) ?? fallback
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

    func beginStep(id: String, name: String, location: SourceLocation, scope: Int, isOutputs: Bool = false) -> StepRecord {
        var record = StepRecord(id: id, name: name, location: location, scope: scope)
        record.isOutputs = isOutputs
        return record
    }

    mutating func endStep(_ record: StepRecord) { scopes[record.scope].steps.append(record) }

    func defaultsRecord() -> StepRecord {
        var record = StepRecord(id: "", name: "", location: SourceLocation(file: "", line: 0, column: 0), scope: 0)
        record.isSettings = true
        return record
    }

    mutating func endDefaults(_ record: StepRecord) { settings.append(record) }
}
