/// graphql-js 17's rules for `@defer` (the incremental-delivery proposal, which the
/// Storefront API implements):
///
/// - DeferStreamDirectiveOnRootField: `@defer` is not used directly in the selection set
///   of the mutation or subscription root type (root fields of a mutation run in order,
///   and a subscription event is one response).
/// - DeferStreamDirectiveLabel: a `label` is a string literal, not a variable, and no two
///   `@defer` in the document have the same label (labels identify the payloads).
///
/// graphql-core 3.2 has neither (`ValidationRule.graphqlCore` leaves them out). The check
/// is a pass of its own after the walk, entered only when the document uses `@defer`.
extension ValidationRun {
    mutating func checkDeferDirectives() {
        // The walk, which passes every selection of a document it finishes, noted a `@defer`.
        guard rules.contains(.deferStreamDirectiveOnRootField) || rules.contains(.deferStreamDirectiveLabel), usesDefer
        else { return }
        var labels: [String: Location] = [:]
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                checkDefers(in: operation.selectionSet, type: schema.rootType(for: operation.operation), labels: &labels)
            case .fragment(let fragment):
                checkDefers(in: fragment.selectionSet, type: schema.type(named: fragment.typeCondition.value), labels: &labels)
            default:
                break
            }
        }
    }

    /// The `@defer`s in a selection set whose type is `type` (`nil` when unknown), and below.
    private mutating func checkDefers(in selectionSet: SelectionSet, type: NamedType?, labels: inout [String: Location]) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let childSet = field.selectionSet else { continue }
                let definition = type.flatMap { schema.field(named: field.name.value, on: $0) }
                checkDefers(in: childSet, type: definition.map { schema[$0.type] }, labels: &labels)
            case .inlineFragment(let inline):
                checkDeferDirective(inline.directives, parent: type, labels: &labels)
                let inner = inline.typeCondition.map { schema.type(named: $0.value) } ?? type
                checkDefers(in: inline.selectionSet, type: inner, labels: &labels)
            case .fragmentSpread(let spread):
                checkDeferDirective(spread.directives, parent: type, labels: &labels)
            }
        }
    }

    private mutating func checkDeferDirective(_ directives: [Directive], parent: NamedType?, labels: inout [String: Location]) {
        for directive in directives where directive.name.value == "defer" {
            if let parent {
                let kind: String? = if parent === schema.mutationType { "mutation" }
                    else if parent === schema.subscriptionType { "subscription" }
                    else { nil }
                if let kind {
                    report(
                        .deferStreamDirectiveOnRootField,
                        "directive '@defer' cannot be used on the root \(kind) type '\(parent.name)'",
                        at: directive.location,
                        hint: "move '@defer' into the selection set of a \(kind) field"
                    )
                }
            }
            guard let label = directive.arguments.first(where: { $0.name.value == "label" }) else { continue }
            guard case .string(let text, _) = label.value.kind else {
                report(
                    .deferStreamDirectiveLabel, "argument '@defer(label:)' must be a static string", at: directive.location
                )
                continue
            }
            if let first = labels[text] {
                report(
                    .deferStreamDirectiveLabel,
                    "label \"\(text)\" is used by another '@defer'; labels must be unique in the document",
                    at: directive.location, notes: [note("first used here", at: first)]
                )
            } else {
                labels[text] = directive.location
            }
        }
    }

    /// Whether an inline fragment's or a spread's directives include `@defer`.
    static func hasDefer(_ directives: [Directive]) -> Bool {
        directives.contains { $0.name.value == "defer" }
    }
}
