/// FragmentsOnCompositeTypes (spec 5.5.1.3): type conditions name object, interface or
/// union types.
extension ValidationRun {
    mutating func reportNonCompositeCondition(_ condition: Name, type: NamedType, fragment: String?, node: Location) {
        let subject = fragment.map { "fragment '\($0)'" } ?? "inline fragment"
        report(
            .fragmentsOnCompositeTypes,
            "\(subject) has a type condition on \(Self.kindAndName(type)), which is not an object, interface or union type",
            at: condition.location, hint: "fragments select fields, so their type must have fields", event: .enter(node)
        )
    }
}
