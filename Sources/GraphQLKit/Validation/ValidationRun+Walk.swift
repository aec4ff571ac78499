/// The walk: definitions, selection sets, fields, arguments and directives, with the types
/// at each node. The rules' checks live in `Rules/`, one file per rule.
extension ValidationRun {
    mutating func run() {
        indexDocument()
        var fragmentIndex = 0
        for definition in document.definitions {
            if aborted { return }
            switch definition {
            case .operation(let operation):
                walkOperation(operation)
            case .fragment(let fragment):
                walkFragment(fragment, index: fragmentIndex)
                fragmentIndex += 1
            default:
                checkExecutableDefinition(definition)
            }
        }
        if aborted { return }
        checkFragmentCycles()
        checkOperationScopes()
        checkFieldMerging()
        checkDeferDirectives()
    }

    /// Counts operations and indexes the fragments before the walk: spreads may come
    /// before the fragments they name.
    private mutating func indexDocument() {
        for definition in document.definitions {
            switch definition {
            case .operation:
                operationCount += 1
            case .fragment(let fragment):
                fragmentByName[fragment.name.value] = fragments.count
                fragments.append(fragment)
                let type = schema.type(named: fragment.typeCondition.value)
                fragmentTypes.append(type?.isCompositeType == true ? type : nil)
            default:
                break
            }
        }
        fragmentRecords = Array(repeating: DefinitionRecord(), count: fragments.count)
    }

    // MARK: - Definitions

    private mutating func walkOperation(_ operation: OperationDefinition) {
        checkOperationName(operation)
        let root = schema.rootType(for: operation.operation)
        if root == nil { reportUnsupportedOperation(operation) }
        current = DefinitionRecord()
        fragmentLocalVariables = []
        let variables = walkVariableDefinitions(operation.variableDefinitions, of: operation.location)
        walkDirectives(operation.directives, at: DirectiveLocation(operation.operation), on: operation.location)
        if operation.operation == .subscription, let root { checkSingleRootField(operation, root: root) }
        current.rootSet = walkSelectionSet(operation.selectionSet, parent: root)
        operationRecords.append(OperationRecord(
            name: operation.name?.value, location: operation.location, variables: variables, definition: current
        ))
        current = DefinitionRecord()
    }

    private mutating func walkFragment(_ fragment: FragmentDefinition, index: Int) {
        checkFragmentName(fragment)
        _ = checkTypeCondition(fragment.typeCondition, ofFragment: fragment.name.value, node: fragment.location)
        current = DefinitionRecord()
        fragmentLocalVariables = []
        if !fragment.variableDefinitions.isEmpty {
            _ = walkVariableDefinitions(fragment.variableDefinitions, of: nil)
            fragmentLocalVariables = Set(fragment.variableDefinitions.map(\.variable.value))
        }
        walkDirectives(fragment.directives, at: .fragmentDefinition, on: fragment.location)
        current.rootSet = walkSelectionSet(fragment.selectionSet, parent: fragmentTypes[index])
        fragmentRecords[index] = current
        current = DefinitionRecord()
        fragmentLocalVariables = []
    }

    private mutating func walkVariableDefinitions(
        _ definitions: [VariableDefinition], of operation: Location?
    ) -> [VariableDefinitionRecord] {
        var records: [VariableDefinitionRecord] = []
        records.reserveCapacity(definitions.count)
        for definition in definitions {
            let type = checkVariableType(definition)
            if let defaultValue = definition.defaultValue {
                let inputType = type.flatMap { schema[$0].isInputType ? $0 : nil }
                checkValue(
                    defaultValue, inputType, hasDefault: false,
                    site: ValueSite(.variableDefault, name: definition.variable.value), checked: true
                )
            }
            walkDirectives(definition.directives, at: .variableDefinition, on: definition.location)
            var hasNonNullDefault = false
            if let defaultValue = definition.defaultValue, defaultValue.kind != .null { hasNonNullDefault = true }
            records.append(VariableDefinitionRecord(
                name: definition.variable.value, location: definition.variable.location, type: type,
                hasNonNullDefault: hasNonNullDefault
            ))
        }
        if let operation, definitions.count > 1 { checkUniqueVariableNames(definitions, operation: operation) }
        return records
    }

    // MARK: - Selections

    /// Walks a selection set whose fields belong to `parent` (`nil` when unknown: the
    /// rules that need types skip it). Returns its set in the merge graph.
    mutating func walkSelectionSet(_ selectionSet: SelectionSet, parent: NamedType?) -> Int32 {
        guard buildsMergeGraph else {
            walkSelections(selectionSet.selections, parent: parent, mark: nil)
            return -1
        }
        let mark = merge.beginSet(at: selectionSet.location)
        walkSelections(selectionSet.selections, parent: parent, mark: mark)
        merge.endSet(mark)
        return mark.set
    }

    /// The selections of a set, and of the inline fragments in it: their fields are
    /// collected into the same merge set (graphql-js's field map).
    private mutating func walkSelections(_ selections: [Selection], parent: NamedType?, mark: MergeGraph.Mark?) {
        for selection in selections {
            if aborted { return }
            switch selection {
            case .field(let field):
                walkField(field, parent: parent, recording: mark != nil)
            case .inlineFragment(let inline):
                var type = parent
                if let condition = inline.typeCondition {
                    type = checkTypeCondition(condition, ofFragment: nil, node: inline.location)
                    if let type, let parent { checkInlineFragmentSpread(inline, type: type, parent: parent) }
                }
                walkDirectives(inline.directives, at: .inlineFragment, on: inline.location)
                if !usesDefer { usesDefer = Self.hasDefer(inline.directives) }
                walkSelections(inline.selectionSet.selections, parent: type, mark: mark)
            case .fragmentSpread(let spread):
                let fragment = checkFragmentSpread(spread, parent: parent)
                walkDirectives(spread.directives, at: .fragmentSpread, on: spread.location)
                if !usesDefer { usesDefer = Self.hasDefer(spread.directives) }
                current.spreads.append(SpreadRecord(name: spread.name.value, location: spread.location, fragment: fragment))
                if fragment >= 0, let mark { merge.addFragment(Int32(fragment), to: mark) }
            }
        }
    }

    private mutating func walkField(_ field: Field, parent: NamedType?, recording: Bool) {
        let definition = parent.flatMap { schema.field(named: field.name.value, on: $0) }
        var childParent: NamedType?
        if let definition, let parent {
            if definition.deprecationReason != nil, deprecations {
                warnDeprecated(
                    "field '\(field.name.value)' of \(Self.kindAndName(parent)) is deprecated",
                    reason: definition.deprecationReason, at: field.name.location
                )
            }
            walkArguments(
                field.arguments, definitions: definition.arguments,
                owner: ArgumentOwner(kind: .field, name: field.name.value, location: field.location)
            )
            let type = schema[definition.type]
            checkLeafSelection(field, definition: definition, type: type)
            childParent = type.isCompositeType ? type : nil
        } else {
            if let parent { reportUnknownField(field, on: parent) }
            walkArguments(
                field.arguments, definitions: nil,
                owner: ArgumentOwner(kind: .field, name: field.name.value, location: field.location)
            )
        }
        walkDirectives(field.directives, at: .field, on: field.location)
        if field.name.value.utf8.first == UInt8(ascii: "_") { checkIntrospectionDepth(field) }
        var subSet: Int32 = -1
        if let selectionSet = field.selectionSet { subSet = walkSelectionSet(selectionSet, parent: childParent) }
        if recording {
            merge.add(MergeGraph.Field(
                responseKey: field.alias?.value ?? field.name.value, name: field.name.value,
                arguments: field.arguments, parent: parent.map { Int32($0.id.index) } ?? -1,
                parentIsObject: parent?.kind == .object, definition: definition,
                location: field.location, selectionSet: subSet, syntax: field
            ))
        }
    }

    // MARK: - Arguments and directives

    /// What arguments belong to, for messages and for where a missing one is reported.
    struct ArgumentOwner {
        enum Kind { case field, directive }
        var kind: Kind
        var name: String
        var location: Location

        /// `field 'lines'`, `directive '@skip'`.
        var described: String { kind == .field ? "field '\(name)'" : "directive '@\(name)'" }
    }

    /// Checks arguments against their definitions (`nil` when the field or directive is
    /// unknown: only their uniqueness and variables are checked then).
    mutating func walkArguments(_ arguments: [Argument], definitions: [SchemaInputValue]?, owner: ArgumentOwner) {
        if arguments.count > 1 { checkUniqueArgumentNames(arguments, owner: owner.location) }
        let siteKind: ValueSite.Kind = owner.kind == .field ? .fieldArgument : .directiveArgument
        for argument in arguments {
            var definition: SchemaInputValue?
            if let definitions {
                definition = Self.argument(named: argument.name.value, in: definitions)
                if let definition {
                    if definition.deprecationReason != nil, deprecations { warnDeprecatedArgument(argument, owner: owner, definition) }
                } else {
                    reportUnknownArgument(argument, owner: owner, definitions: definitions)
                }
            }
            checkValue(
                argument.value, definition?.type, hasDefault: definition?.defaultValue != nil,
                site: ValueSite(siteKind, name: argument.name.value, owner: owner.name), checked: definition != nil
            )
        }
        if let definitions { checkRequiredArguments(arguments, definitions: definitions, owner: owner) }
    }

    @inline(__always)
    static func argument(named name: String, in definitions: [SchemaInputValue]) -> SchemaInputValue? {
        for definition in definitions where definition.name == name { return definition }
        return nil
    }

    /// Checks the directives applied to the node at `holder`, a `location`.
    mutating func walkDirectives(_ directives: [Directive], at location: DirectiveLocation, on holder: Location) {
        guard !directives.isEmpty else { return }
        for (index, directive) in directives.enumerated() {
            let definition = checkKnownDirective(directive, at: location)
            if let definition, !definition.isRepeatable, index > 0 {
                checkUniqueDirective(directive, among: directives[..<index], holder: holder)
            }
            walkArguments(
                directive.arguments, definitions: definition?.arguments,
                owner: ArgumentOwner(kind: .directive, name: directive.name.value, location: directive.location)
            )
        }
    }
}
