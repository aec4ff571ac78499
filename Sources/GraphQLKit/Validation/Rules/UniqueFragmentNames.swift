/// UniqueFragmentNames (spec 5.5.1.1): no two fragments share a name.
extension ValidationRun {
    mutating func checkFragmentName(_ fragment: FragmentDefinition) {
        guard rules.contains(.uniqueFragmentNames) else { return }
        let name = fragment.name
        if let first = fragmentNames[name.value] {
            report(
                .uniqueFragmentNames, "fragment '\(name.value)' is defined more than once", at: name.location,
                notes: [note("first defined here", at: first)], event: .enter(fragment.location)
            )
        } else {
            fragmentNames[name.value] = name.location
        }
    }
}
