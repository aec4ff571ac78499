import GraphQLKit

/// Moves every location of a fragment definition by a number of lines and bytes, so
/// fragments from several files can be validated in one document and each diagnostic
/// traced back to its file (`FragmentLibrary`).
struct LocationShift {
    var lines: Int32
    var bytes: Int32

    func callAsFunction(_ location: Location) -> Location {
        guard !location.isSynthesized else { return location }
        var moved = location
        moved.line += lines
        moved.start += bytes
        moved.end += bytes
        return moved
    }

    func fragment(_ node: FragmentDefinition) -> FragmentDefinition {
        FragmentDefinition(
            name: name(node.name), variableDefinitions: node.variableDefinitions.map(variableDefinition),
            typeCondition: name(node.typeCondition), directives: node.directives.map(directive),
            selectionSet: selectionSet(node.selectionSet), description: node.description.map(stringValue),
            location: self(node.location)
        )
    }

    private func name(_ node: Name) -> Name { Name(node.value, location: self(node.location)) }

    private func stringValue(_ node: StringValue) -> StringValue {
        StringValue(node.value, isBlock: node.isBlock, location: self(node.location))
    }

    private func variableDefinition(_ node: VariableDefinition) -> VariableDefinition {
        VariableDefinition(
            variable: name(node.variable), type: typeReference(node.type), defaultValue: node.defaultValue.map(value),
            directives: node.directives.map(directive), description: node.description.map(stringValue),
            location: self(node.location)
        )
    }

    private func typeReference(_ node: TypeReference) -> TypeReference {
        switch node {
        case .named(let named): .named(name(named))
        case .list(let inner, let location): .list(typeReference(inner), location: self(location))
        case .nonNull(let inner, let location): .nonNull(typeReference(inner), location: self(location))
        }
    }

    private func selectionSet(_ node: SelectionSet) -> SelectionSet {
        SelectionSet(node.selections.map(selection), location: self(node.location))
    }

    private func selection(_ node: Selection) -> Selection {
        switch node {
        case .field(let field):
            .field(Field(
                alias: field.alias.map(name), name: name(field.name), arguments: field.arguments.map(argument),
                directives: field.directives.map(directive), selectionSet: field.selectionSet.map(selectionSet),
                location: self(field.location)
            ))
        case .fragmentSpread(let spread):
            .fragmentSpread(FragmentSpread(
                name: name(spread.name), directives: spread.directives.map(directive), location: self(spread.location)
            ))
        case .inlineFragment(let fragment):
            .inlineFragment(InlineFragment(
                typeCondition: fragment.typeCondition.map(name), directives: fragment.directives.map(directive),
                selectionSet: selectionSet(fragment.selectionSet), location: self(fragment.location)
            ))
        }
    }

    private func directive(_ node: Directive) -> Directive {
        Directive(name: name(node.name), arguments: node.arguments.map(argument), location: self(node.location))
    }

    private func argument(_ node: Argument) -> Argument {
        Argument(name: name(node.name), value: value(node.value), location: self(node.location))
    }

    private func value(_ node: Value) -> Value {
        let kind: Value.Kind =
            switch node.kind {
            case .list(let items): .list(items.map(value))
            case .object(let fields):
                .object(fields.map {
                    ObjectField(name: name($0.name), value: value($0.value), location: self($0.location))
                })
            default: node.kind
            }
        return Value(kind, location: self(node.location))
    }
}
