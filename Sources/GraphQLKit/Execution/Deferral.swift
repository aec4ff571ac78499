import BuyflowCore

/// A fragment's `@defer(if:, label:)` (the incremental-delivery proposal as of
/// 2022-08-24, which the Storefront API implements): its fields come in a later
/// payload when the request is executed incrementally.
struct Deferral: Sendable, Hashable {
    let label: String?
    /// `nil`: `if` is absent or `true`; otherwise deferred when this variable is `true`.
    let ifVariable: String?

    /// The `@defer` among a selection's directives, `nil` when absent or `if: false`.
    init?(_ directives: [Directive]) {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        var label: String?
        var ifVariable: String?
        for argument in directive.arguments {
            switch (argument.name.value, argument.value.kind) {
            case ("label", .string(let text, _)): label = text
            case ("if", .boolean(false)): return nil
            case ("if", .variable(let name)): ifVariable = name
            default: break
            }
        }
        self.label = label
        self.ifVariable = ifVariable
    }

    /// Whether the fragment is deferred with these (coerced) variables; `if`'s default
    /// is `true`, so an unset variable defers.
    func isActive(_ variables: JSONObject) -> Bool {
        guard let ifVariable else { return true }
        return variables[ifVariable] != .bool(false)
    }
}

/// A deferred fragment met while executing an object: executed after the payload it
/// was met in, on the same object value, at the same path.
struct DeferredRecord: Sendable {
    let objectType: NamedType
    let parent: ResolvedValue
    let path: ResponsePath?
    let label: String?
    let selectionSet: CompiledSelectionSet
}

/// A deferred fragment of a `FieldPlan` (planned only for incremental execution).
struct DeferredFragment: Sendable {
    let label: String?
    let selectionSet: CompiledSelectionSet
}
