import BuyflowCore

extension Parser {
    // MARK: - Document

    mutating func parseDocument() throws(Diagnostic) -> Document {
        var definitions: [Definition] = []
        repeat {
            definitions.append(try parseDefinition())
        } while token.kind != .eof
        return Document(definitions: definitions, path: path)
    }

    /// The keyword the current token spells, if any.
    func definitionKeyword() -> DefinitionKeyword? {
        guard token.kind == .name, token.end &- token.start <= 12 else { return nil }
        return DefinitionKeyword(rawValue: lexer.text(of: token))
    }

    mutating func parseDefinition() throws(Diagnostic) -> Definition {
        let start = token
        if token.kind == .braceL {
            return .operation(try parseOperationDefinition(start: start, description: nil))
        }
        let description = try parseDescription()
        guard let keyword = definitionKeyword() else {
            if description != nil && token.kind == .braceL {
                throw syntaxError(
                    "unexpected description: a shorthand query '{ … }' cannot have one", at: start,
                    hint: "write 'query { … }' to describe the operation"
                )
            }
            var hint: String?
            var suggestion: String?
            switch token.kind {
            case .eof where previousEnd == 0:
                hint = "the document is empty"
            case .braceR, .bracketR, .parenR:
                hint = "this \(token.kind.displayName) closes nothing: is there one too many?"
            case .name:
                suggestion = Suggestions.closest(
                    to: lexer.text(of: token), among: DefinitionKeyword.allCases.map(\.rawValue)
                )
            default:
                break
            }
            throw expected(description == nil ? "a definition" : "a definition after the description",
                           hint: hint, suggestion: suggestion)
        }
        switch keyword {
        case .query, .mutation, .subscription:
            return .operation(try parseOperationDefinition(start: start, description: description))
        case .fragment:
            return .fragment(try parseFragmentDefinition(start: start, description: description))
        case .extend:
            if description != nil {
                throw syntaxError(
                    "unexpected description before 'extend'", at: start,
                    hint: "extensions cannot have descriptions; describe the definition instead"
                )
            }
            return try parseExtension()
        default:
            return try parseTypeSystemDefinition(keyword, start: start, description: description)
        }
    }

    /// A string or block string that describes the next definition, if any.
    mutating func parseDescription() throws(Diagnostic) -> StringValue? {
        guard token.kind == .string || token.kind == .blockString else { return nil }
        let description = StringValue(
            lexer.stringValue(of: token), isBlock: token.kind == .blockString, location: token.location
        )
        try advance()
        return description
    }

    // MARK: - Operations

    mutating func parseOperationDefinition(
        start: Token, description: StringValue?
    ) throws(Diagnostic) -> OperationDefinition {
        if token.kind == .braceL {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(
                operation: .query, selectionSet: selectionSet, isShorthand: true, location: location(from: start)
            )
        }
        let operation = try parseOperationType()
        let name = token.kind == .name ? try parseName() : nil
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            operation: operation, name: name, variableDefinitions: variableDefinitions, directives: directives,
            selectionSet: selectionSet, description: description, location: location(from: start)
        )
    }

    mutating func parseOperationType() throws(Diagnostic) -> OperationType {
        let operation: OperationType
        if isKeyword("query") {
            operation = .query
        } else if isKeyword("mutation") {
            operation = .mutation
        } else if isKeyword("subscription") {
            operation = .subscription
        } else {
            let suggestion = token.kind == .name
                ? Suggestions.closest(to: lexer.text(of: token), among: OperationType.allCases.map(\.rawValue))
                : nil
            throw expected("'query', 'mutation' or 'subscription'", suggestion: suggestion)
        }
        try advance()
        return operation
    }

    /// `($a: Int = 1 @dir, …)`, or nothing.
    mutating func parseVariableDefinitions() throws(Diagnostic) -> [VariableDefinition] {
        guard token.kind == .parenL else { return [] }
        try advance()
        if token.kind == .parenR {
            throw expected("'$'", hint: "omit the parentheses when there are no variables")
        }
        var definitions: [VariableDefinition] = []
        repeat {
            definitions.append(try parseVariableDefinition())
        } while try !skip(.parenR)
        return definitions
    }

    mutating func parseVariableDefinition() throws(Diagnostic) -> VariableDefinition {
        let start = token
        let description = try parseDescription()
        let dollar = token
        guard token.kind == .dollar else {
            throw expected("'$'", hint: token.kind == .name ? "a variable's name starts with '$'" : nil)
        }
        try advance()
        let name = try parseName()
        let variable = Name(name.value, location: location(from: dollar))
        try expect(.colon, hint: token.kind == .equals
            ? "a variable needs a type: '$\(name.value): Type = default'" : nil)
        let type = try parseTypeReference()
        let defaultValue = try skip(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return VariableDefinition(
            variable: variable, type: type, defaultValue: defaultValue, directives: directives,
            description: description, location: location(from: start)
        )
    }

    // MARK: - Selections

    mutating func parseSelectionSet() throws(Diagnostic) -> SelectionSet {
        let start = token
        guard token.kind == .braceL else { throw expected("'{'") }
        try enter()
        try advance()
        if token.kind == .braceR {
            throw expected("Name", hint: "a selection set selects at least one field")
        }
        var selections: [Selection] = []
        repeat {
            switch token.kind {
            case .name: selections.append(.field(try parseField()))
            case .spread: selections.append(try parseFragment())
            default: throw expected("Name")
            }
        } while try !skip(.braceR)
        leave()
        return SelectionSet(selections, location: location(from: start))
    }

    /// `alias: name(arguments) @directives { … }`
    mutating func parseField() throws(Diagnostic) -> Field {
        let start = token
        let nameOrAlias = try parseName()
        var alias: Name?
        var name = nameOrAlias
        if try skip(.colon) {
            alias = nameOrAlias
            name = try parseName()
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = token.kind == .braceL ? try parseSelectionSet() : nil
        return Field(
            alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            location: location(from: start)
        )
    }

    /// `(name: value, …)`, or nothing.
    mutating func parseArguments(isConst: Bool) throws(Diagnostic) -> [Argument] {
        guard token.kind == .parenL else { return [] }
        try advance()
        if token.kind == .parenR {
            throw expected("Name", hint: "omit the parentheses when there are no arguments")
        }
        var arguments: [Argument] = []
        repeat {
            let start = token
            let name = try parseName()
            try expect(.colon, hint: token.kind == .equals ? "an argument is written 'name: value', with ':'" : nil)
            let value = try parseValueLiteral(isConst: isConst)
            arguments.append(Argument(name: name, value: value, location: location(from: start)))
        } while try !skip(.parenR)
        return arguments
    }

    /// After `...`: a fragment spread `...Name @dir` or an inline fragment
    /// `... on Type @dir { … }` (the type condition is optional).
    mutating func parseFragment() throws(Diagnostic) -> Selection {
        let start = token
        try advance()
        let hasTypeCondition = isKeyword("on")
        if !hasTypeCondition && token.kind == .name {
            let name = try parseName()
            let directives = try parseDirectives(isConst: false)
            return .fragmentSpread(FragmentSpread(name: name, directives: directives, location: location(from: start)))
        }
        var typeCondition: Name?
        if hasTypeCondition {
            try advance()
            typeCondition = try parseName()
        }
        let directives = try parseDirectives(isConst: false)
        guard token.kind == .braceL else {
            throw expected("'{'", hint: typeCondition == nil && directives.isEmpty
                ? "'...' is followed by a fragment name, or by 'on Type { … }' for an inline fragment" : nil)
        }
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(InlineFragment(
            typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            location: location(from: start)
        ))
    }

    /// `fragment Name on Type @dir { … }`
    mutating func parseFragmentDefinition(
        start: Token, description: StringValue?
    ) throws(Diagnostic) -> FragmentDefinition {
        try advance()
        if isKeyword("on") {
            throw unexpected(token, hint: "'on' cannot name a fragment: write 'fragment Name on Type { … }'")
        }
        let name = try parseName()
        let variableDefinitions = options.allowLegacyFragmentVariables ? try parseVariableDefinitions() : []
        guard isKeyword("on") else {
            var hint: String?
            if token.kind == .parenL {
                hint = "fragments have no variables (ParseOptions.allowLegacyFragmentVariables accepts the old syntax)"
            } else if token.kind == .name {
                hint = "write 'fragment \(name.value) on \(lexer.text(of: token)) { … }'"
            }
            throw expected("type condition 'on'", hint: hint)
        }
        try advance()
        let typeCondition = try parseName()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            name: name, variableDefinitions: variableDefinitions, typeCondition: typeCondition,
            directives: directives, selectionSet: selectionSet, description: description,
            location: location(from: start)
        )
    }
}
