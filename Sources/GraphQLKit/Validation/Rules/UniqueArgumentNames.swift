/// UniqueArgumentNames (spec 5.4.2): a field or directive is given each argument once.
extension ValidationRun {
    /// `owner`: the field or directive (graphql-js checks on entering it).
    mutating func checkUniqueArgumentNames(_ arguments: [Argument], owner: Location) {
        guard rules.contains(.uniqueArgumentNames) else { return }
        for (index, argument) in arguments.enumerated() where index > 0 {
            let name = argument.name.value
            // Report each name once, at its second occurrence.
            guard let first = arguments[..<index].firstIndex(where: { $0.name.value == name }),
                  !arguments[(first + 1)..<index].contains(where: { $0.name.value == name })
            else { continue }
            var notes = [note("first given here", at: arguments[first].name.location)]
            for later in arguments[(index + 1)...] where later.name.value == name {
                notes.append(note("also given here", at: later.name.location))
            }
            report(
                .uniqueArgumentNames, "argument '\(name)' is given more than once", at: argument.name.location, notes: notes,
                event: .enter(owner)
            )
        }
    }
}
