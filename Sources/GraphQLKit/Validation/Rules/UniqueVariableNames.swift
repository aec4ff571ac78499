/// UniqueVariableNames (spec 5.8.1): an operation defines each variable once.
extension ValidationRun {
    /// `operation`: where the definitions are (graphql-js checks on entering it).
    mutating func checkUniqueVariableNames(_ definitions: [VariableDefinition], operation: Location) {
        guard rules.contains(.uniqueVariableNames) else { return }
        for (index, definition) in definitions.enumerated() {
            let name = definition.variable.value
            // Report each name once, at its second definition.
            guard let first = definitions[..<index].firstIndex(where: { $0.variable.value == name }),
                  !definitions[(first + 1)..<index].contains(where: { $0.variable.value == name })
            else { continue }
            var notes = [note("first defined here", at: definitions[first].variable.location)]
            for later in definitions[(index + 1)...] where later.variable.value == name {
                notes.append(note("also defined here", at: later.variable.location))
            }
            report(
                .uniqueVariableNames, "variable '$\(name)' is defined more than once", at: definition.variable.location,
                notes: notes, event: .enter(operation)
            )
        }
    }
}
