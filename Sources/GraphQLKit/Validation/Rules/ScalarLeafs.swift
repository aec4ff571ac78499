/// ScalarLeafs (spec 5.3.3): fields of scalar and enum types have no selection set;
/// fields of object, interface and union types have one.
extension ValidationRun {
    mutating func checkLeafSelection(_ field: Field, definition: SchemaField, type: NamedType) {
        guard rules.contains(.scalarLeafs) else { return }
        if type.isLeafType {
            guard let selectionSet = field.selectionSet else { return }
            report(
                .scalarLeafs,
                "field '\(field.name.value)' of type '\(schema.describe(definition.type))' cannot have a selection set: \(Self.kindAndName(type)) has no fields",
                at: selectionSet.location, hint: "remove the braces after '\(field.responseKey)'", event: .enter(field.location)
            )
        } else if field.selectionSet == nil {
            // `id`, else the first leaf field in use, else `__typename` (always there).
            var example = "__typename"
            if type.field(named: "id") != nil {
                example = "id"
            } else if let leaf = type.fields.first(where: { !$0.isDeprecated && schema[$0.type].isLeafType }) {
                example = leaf.name
            }
            report(
                .scalarLeafs,
                "field '\(field.name.value)' of type '\(schema.describe(definition.type))' must have a selection of subfields",
                at: field.location, hint: "select the fields you need, e.g. '\(field.name.value) { \(example) }'"
            )
        }
    }
}
