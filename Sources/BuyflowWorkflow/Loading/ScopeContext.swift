import BuyflowCore

/// What steps being read can see: the file they are in, whether it is the workflow or a
/// steps file, the names `vars`, `row` and `params` have, and the defaults that apply.
struct ScopeContext {
    enum Kind {
        case workflow
        /// A steps file, with its declared parameters.
        case stepsFile(params: Set<String>)
    }

    enum Phase {
        case steps, finally
    }

    var file: String
    var kind: Kind
    var vars: Set<String> = []
    /// Columns every row has, when the rows are known while loading; `nil` otherwise.
    var rowColumns: Set<String>?
    var hasRows = false
    var defaults = StepDefaults()
    var phase = Phase.steps
    /// The flow scope steps are recorded in (`FlowRecorder`).
    var flowScope = 0

    init(file: String, kind: Kind) {
        self.file = file
        self.kind = kind
    }
}
