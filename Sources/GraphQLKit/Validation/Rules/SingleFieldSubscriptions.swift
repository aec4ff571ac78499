/// SingleFieldSubscriptions (spec 5.2.3.1): a subscription selects exactly one root
/// field, and not an introspection field.
///
/// Fields are collected like graphql-js's `collectFields` with no variable values:
/// `@skip(if: true)` and `@include(if: false)` remove a selection, a directive with a
/// variable keeps it (graphql-js throws on those).
extension ValidationRun {
    mutating func checkSingleRootField(_ operation: OperationDefinition, root: NamedType) {
        guard rules.contains(.singleFieldSubscriptions) else { return }
        var groups: [(key: String, fields: [Field])] = []
        var visited: Set<String> = []
        collectRootFields(operation.selectionSet.selections, root: root, visited: &visited, into: &groups)
        let subject = operation.name.map { "subscription '\($0.value)'" } ?? "an anonymous subscription"
        if groups.count > 1 {
            let extra = groups.dropFirst().flatMap(\.fields)
            var notes = [note("'\(groups[0].key)' is selected here", at: groups[0].fields[0].location)]
            for field in extra.dropFirst() { notes.append(note("'\(field.responseKey)' is also selected here", at: field.location)) }
            report(
                .singleFieldSubscriptions,
                "\(subject) must select only one top-level field, found \(groups.count)",
                at: extra[0].location, notes: notes, hint: "a subscription has one root field; use one subscription per event",
                event: .enter(operation.location)
            )
        }
        for group in groups where group.fields[0].name.value.hasPrefix("__") {
            report(
                .singleFieldSubscriptions,
                "\(subject) must not select the introspection field '\(group.fields[0].name.value)' at the top level",
                at: group.fields[0].location,
                notes: group.fields.dropFirst().map { note("also selected here", at: $0.location) },
                event: .enter(operation.location)
            )
        }
    }

    private func collectRootFields(
        _ selections: [Selection], root: NamedType, visited: inout Set<String>,
        into groups: inout [(key: String, fields: [Field])]
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard Self.isIncluded(field.directives) else { continue }
                let key = field.responseKey
                if let index = groups.firstIndex(where: { $0.key == key }) {
                    groups[index].fields.append(field)
                } else {
                    groups.append((key, [field]))
                }
            case .inlineFragment(let inline):
                guard Self.isIncluded(inline.directives), conditionMatches(inline.typeCondition, root) else { continue }
                collectRootFields(inline.selectionSet.selections, root: root, visited: &visited, into: &groups)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), Self.isIncluded(spread.directives) else { continue }
                visited.insert(name)
                guard let index = fragmentByName[name], conditionMatches(fragments[index].typeCondition, root) else {
                    continue
                }
                collectRootFields(fragments[index].selectionSet.selections, root: root, visited: &visited, into: &groups)
            }
        }
    }

    /// graphql-js's `doesFragmentConditionMatch`.
    private func conditionMatches(_ condition: Name?, _ root: NamedType) -> Bool {
        guard let condition else { return true }
        guard let type = schema.type(named: condition.value) else { return false }
        return type === root || (type.isAbstractType && type.hasSubType(root.id))
    }

    /// False for `@skip(if: true)` and `@include(if: false)`.
    private static func isIncluded(_ directives: [Directive]) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include" else { continue }
            for argument in directive.arguments where argument.name.value == "if" {
                if case .boolean(let value) = argument.value.kind, value == (name == "skip") { return false }
            }
        }
        return true
    }
}
