/// PossibleFragmentSpreads (spec 5.5.2.3): a fragment's type condition can apply to the
/// type it is spread in (their possible types overlap).
extension ValidationRun {
    mutating func checkNamedFragmentSpread(_ spread: FragmentSpread, index: Int, type: NamedType, parent: NamedType) {
        guard rules.contains(.possibleFragmentSpreads), !schema.doTypesOverlap(type, parent) else { return }
        let name = spread.name.value
        report(
            .possibleFragmentSpreads,
            "fragment '\(name)' cannot be spread here: values of \(Self.kindAndName(parent)) are never of \(Self.kindAndName(type))",
            at: spread.location,
            notes: [note("'\(name)' is defined on '\(type.name)' here", at: fragments[index].typeCondition.location)]
        )
    }

    mutating func checkInlineFragmentSpread(_ inline: InlineFragment, type: NamedType, parent: NamedType) {
        guard rules.contains(.possibleFragmentSpreads), !schema.doTypesOverlap(type, parent) else { return }
        report(
            .possibleFragmentSpreads,
            "inline fragment on '\(type.name)' cannot be used here: values of \(Self.kindAndName(parent)) are never of \(Self.kindAndName(type))",
            at: inline.location
        )
    }
}
