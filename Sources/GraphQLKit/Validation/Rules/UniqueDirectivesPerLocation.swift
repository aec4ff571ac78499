/// UniqueDirectivesPerLocation (spec 5.7.3): a directive that is not `repeatable` is
/// used at most once at a place.
extension ValidationRun {
    /// `directive` (not repeatable) against the ones before it on the node at `holder`.
    mutating func checkUniqueDirective(_ directive: Directive, among earlier: ArraySlice<Directive>, holder: Location) {
        guard rules.contains(.uniqueDirectivesPerLocation),
              let first = earlier.first(where: { $0.name.value == directive.name.value })
        else { return }
        report(
            .uniqueDirectivesPerLocation,
            "directive '@\(directive.name.value)' is used more than once here; it is not repeatable",
            at: directive.location, notes: [note("first used here", at: first.location)], event: .enter(holder)
        )
    }
}
