/// UniqueInputFieldNames (spec 5.6.3): an input object literal gives each field once.
extension ValidationRun {
    mutating func checkUniqueInputFields(_ fields: [ObjectField]) {
        guard rules.contains(.uniqueInputFieldNames) else { return }
        for (index, field) in fields.enumerated() where index > 0 {
            let name = field.name.value
            guard let first = fields[..<index].first(where: { $0.name.value == name }) else { continue }
            report(
                .uniqueInputFieldNames, "input field '\(name)' is given more than once", at: field.name.location,
                notes: [note("first given here", at: first.name.location)], event: .enter(field.location)
            )
        }
    }
}
