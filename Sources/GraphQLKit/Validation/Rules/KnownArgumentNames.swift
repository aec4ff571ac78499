/// KnownArgumentNames (spec 5.4.1): arguments are defined by their field or directive.
extension ValidationRun {
    mutating func reportUnknownArgument(_ argument: Argument, owner: ArgumentOwner, definitions: [SchemaInputValue]) {
        guard rules.contains(.knownArgumentNames) else { return }
        let name = argument.name.value
        report(
            .knownArgumentNames, "unknown argument '\(name)' on \(owner.described)", at: argument.location,
            suggestion: Self.suggest(name, among: definitions.lazy.map(\.name)),
            hint: definitions.isEmpty ? "\(owner.described) takes no arguments" : nil,
            // graphql-js checks a directive's arguments on entering the directive.
            event: owner.kind == .directive ? .enter(owner.location) : .enter(argument.location)
        )
    }
}
