import BuyflowCore

/// A selection set of a prepared operation: fragment spreads resolved to their
/// (shared) fragment's selection set, type conditions to types, and `@skip`/`@include`
/// with constant arguments already applied. What remains for CollectFields at run time
/// is the conditions on variables.
final class CompiledSelectionSet: Sendable {
    /// Unique within one prepared operation; identifies groups of merged selection sets.
    let id: Int
    let selections: [CompiledSelection]
    /// Whether some selection collected with this set (here or in its fragments, not in
    /// sub-selections) has a `@skip`/`@include` that depends on a variable.
    let isConditional: Bool

    init(id: Int, selections: [CompiledSelection]) {
        self.id = id
        self.selections = selections
        self.isConditional = selections.contains { selection in
            switch selection {
            case .field(let field): field.condition != nil
            case .fragment(let fragment): fragment.condition != nil || fragment.selectionSet.isConditional
            }
        }
    }
}

enum CompiledSelection: Sendable {
    case field(CompiledField)
    /// An inline fragment or a fragment spread.
    case fragment(CompiledFragment)
}

/// A field selection.
final class CompiledField: Sendable {
    let node: Field
    let responseKey: String
    let name: String
    let condition: SelectionCondition?
    let selectionSet: CompiledSelectionSet?

    init(node: Field, condition: SelectionCondition?, selectionSet: CompiledSelectionSet?) {
        self.node = node
        self.responseKey = node.responseKey
        self.name = node.name.value
        self.condition = condition
        self.selectionSet = selectionSet
    }
}

struct CompiledFragment: Sendable {
    /// The fragment's name for a spread (CollectFields visits a named fragment once per
    /// selection set); `nil` for an inline fragment.
    let name: String?
    /// `nil` when the fragment has no type condition.
    let typeCondition: NamedType?
    let condition: SelectionCondition?
    let selectionSet: CompiledSelectionSet
    /// Its `@defer`, unless absent or `if: false`. Only an incremental execution defers;
    /// every other one collects the fragment's fields in place.
    var deferral: Deferral? = nil
}

/// `@skip(if: $a)` and `@include(if: $b)` on one selection.
struct SelectionCondition: Sendable, Hashable {
    /// Skipped when one of these variables is `true`.
    var skipIf: [String] = []
    /// Skipped unless all of these variables are `true`.
    var includeIf: [String] = []

    func isIncluded(_ variables: JSONObject) -> Bool {
        for name in skipIf where variables[name] == .bool(true) { return false }
        for name in includeIf where variables[name] != .bool(true) { return false }
        return true
    }
}
