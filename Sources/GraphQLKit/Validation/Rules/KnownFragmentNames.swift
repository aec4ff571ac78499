/// KnownFragmentNames (spec 5.5.2.1): spreads name fragments of the document.
extension ValidationRun {
    /// The fragment a spread names (its last definition), or -1 when there is none;
    /// also checks that it can apply here (PossibleFragmentSpreads).
    mutating func checkFragmentSpread(_ spread: FragmentSpread, parent: NamedType?) -> Int {
        guard let index = fragmentByName[spread.name.value] else {
            if rules.contains(.knownFragmentNames) {
                report(
                    .knownFragmentNames, "unknown fragment '\(spread.name.value)'", at: spread.name.location,
                    suggestion: Self.suggest(spread.name.value, among: fragmentByName.keys.sorted()),
                    event: .enter(spread.location)
                )
            }
            return -1
        }
        if let parent, let type = fragmentTypes[index] { checkNamedFragmentSpread(spread, index: index, type: type, parent: parent) }
        return index
    }
}
