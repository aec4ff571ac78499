/// VariablesAreInputTypes (spec 5.8.2): variables are scalars, enums or input objects.
extension ValidationRun {
    mutating func reportNonInputVariable(_ definition: VariableDefinition, type: NamedType) {
        report(
            .variablesAreInputTypes,
            "variable '$\(definition.variable.value)' cannot be of type '\(definition.type)': \(Self.kindAndName(type)) is an output type",
            at: definition.type.location, hint: "variables take scalars, enums and input objects",
            event: .enter(definition.location)
        )
    }
}
