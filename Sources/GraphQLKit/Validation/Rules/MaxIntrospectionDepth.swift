/// MaxIntrospectionDepth (graphql-js's recommended rule): under `__schema` or `__type`,
/// the type lists `fields`, `interfaces`, `possibleTypes` and `inputFields` nest fewer
/// than three deep, following fragments.
extension ValidationRun {
    mutating func checkIntrospectionDepth(_ field: Field) {
        let name = field.name.value
        guard name == "__schema" || name == "__type", rules.contains(.maxIntrospectionDepth),
              field.location.start >= introspectionReportedUntil
        else { return }
        var visiting: Set<String> = []
        guard exceedsIntrospectionDepth(field.selectionSet?.selections ?? [], depth: 0, visiting: &visiting) else { return }
        // Like graphql-js, nothing inside a reported field is checked again.
        introspectionReportedUntil = field.location.end
        report(
            .maxIntrospectionDepth,
            "maximum introspection depth exceeded: '\(name)' nests 'fields', 'interfaces', 'possibleTypes' or 'inputFields' \(Self.maxIntrospectionListDepth) deep",
            at: field.location, hint: "deeply nested introspection is refused to protect the server"
        )
    }

    private static let maxIntrospectionListDepth = 3

    private func exceedsIntrospectionDepth(_ selections: [Selection], depth: Int, visiting: inout Set<String>) -> Bool {
        for selection in selections {
            switch selection {
            case .field(let field):
                var depth = depth
                switch field.name.value {
                case "fields", "interfaces", "possibleTypes", "inputFields":
                    depth += 1
                    if depth >= Self.maxIntrospectionListDepth { return true }
                default:
                    break
                }
                if let selectionSet = field.selectionSet,
                   exceedsIntrospectionDepth(selectionSet.selections, depth: depth, visiting: &visiting) {
                    return true
                }
            case .inlineFragment(let inline):
                if exceedsIntrospectionDepth(inline.selectionSet.selections, depth: depth, visiting: &visiting) { return true }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                // Cycles are NoFragmentCycles' business; a fragment twice in a row is fine.
                guard let index = fragmentByName[name], visiting.insert(name).inserted else { continue }
                defer { visiting.remove(name) }
                if exceedsIntrospectionDepth(fragments[index].selectionSet.selections, depth: depth, visiting: &visiting) {
                    return true
                }
            }
        }
        return false
    }
}
