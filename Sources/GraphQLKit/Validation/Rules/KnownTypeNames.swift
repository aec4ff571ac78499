/// KnownTypeNames (spec 5.5.1.2, 5.8.2): type conditions and variable types name types
/// of the schema.
extension ValidationRun {
    mutating func reportUnknownType(_ name: Name) {
        guard rules.contains(.knownTypeNames) else { return }
        report(
            .knownTypeNames, "unknown type '\(name.value)'", at: name.location,
            suggestion: Self.suggest(name.value, among: schema.types.lazy.map(\.name))
        )
    }

    /// The type of a variable definition, reporting an unknown named type
    /// (KnownTypeNames) or one that is not an input type (VariablesAreInputTypes).
    mutating func checkVariableType(_ definition: VariableDefinition) -> TypeRef? {
        let name = definition.type.namedType
        guard let named = schema.type(named: name.value) else {
            reportUnknownType(name)
            return nil
        }
        if !named.isInputType { reportNonInputVariable(definition, type: named) }
        return schema.typeRef(definition.type)
    }

    /// The type of a fragment's or inline fragment's type condition when it is a
    /// composite type; reports an unknown type (KnownTypeNames) or another kind
    /// (FragmentsOnCompositeTypes). `fragment` is `nil` for an inline fragment; `node`
    /// is the fragment's location.
    mutating func checkTypeCondition(_ condition: Name, ofFragment fragment: String?, node: Location) -> NamedType? {
        guard let type = schema.type(named: condition.value) else {
            reportUnknownType(condition)
            return nil
        }
        guard type.isCompositeType else {
            reportNonCompositeCondition(condition, type: type, fragment: fragment, node: node)
            return nil
        }
        return type
    }
}
