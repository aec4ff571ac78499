import BuyflowCore

extension Parser {
    // MARK: - Definitions

    mutating func parseTypeSystemDefinition(
        _ keyword: DefinitionKeyword, start: Token, description: StringValue?
    ) throws(Diagnostic) -> Definition {
        try advance()
        switch keyword {
        case .schema:
            let directives = try parseDirectives(isConst: true)
            guard token.kind == .braceL else { throw expected("'{'") }
            let operationTypes = try parseOperationTypeDefinitions()
            return .schema(SchemaDefinition(
                description: description, directives: directives, operationTypes: operationTypes,
                location: location(from: start)
            ))
        case .scalar:
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            return .type(.scalar(ScalarTypeDefinition(
                description: description, name: name, directives: directives, location: location(from: start)
            )))
        case .type:
            let name = try parseName()
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(isConst: true)
            let fields = try parseFieldsDefinition()
            return .type(.object(ObjectTypeDefinition(
                description: description, name: name, interfaces: interfaces, directives: directives,
                fields: fields, location: location(from: start)
            )))
        case .interface:
            let name = try parseName()
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(isConst: true)
            let fields = try parseFieldsDefinition()
            return .type(.interface(InterfaceTypeDefinition(
                description: description, name: name, interfaces: interfaces, directives: directives,
                fields: fields, location: location(from: start)
            )))
        case .union:
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let types = try parseUnionMemberTypes()
            return .type(.union(UnionTypeDefinition(
                description: description, name: name, directives: directives, types: types,
                location: location(from: start)
            )))
        case .enumKeyword:
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let values = try parseEnumValuesDefinition()
            return .type(.enumType(EnumTypeDefinition(
                description: description, name: name, directives: directives, values: values,
                location: location(from: start)
            )))
        case .input:
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let fields = try parseInputFieldsDefinition()
            return .type(.inputObject(InputObjectTypeDefinition(
                description: description, name: name, directives: directives, fields: fields,
                location: location(from: start)
            )))
        case .directive:
            return .directive(try parseDirectiveDefinition(start: start, description: description))
        case .query, .mutation, .subscription, .fragment, .extend:
            preconditionFailure("not a type system keyword: \(keyword)")
        }
    }

    /// `{ query: Query mutation: Mutation }`
    mutating func parseOperationTypeDefinitions() throws(Diagnostic) -> [OperationTypeDefinition] {
        try expect(.braceL)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            let start = token
            let operation = try parseOperationType()
            try expect(.colon)
            let type = try parseName()
            operationTypes.append(OperationTypeDefinition(operation: operation, type: type, location: location(from: start)))
        } while try !skip(.braceR)
        return operationTypes
    }

    /// `implements A & B` (a leading `&` is allowed), or nothing.
    mutating func parseImplementsInterfaces() throws(Diagnostic) -> [Name] {
        guard isKeyword("implements") else { return [] }
        try advance()
        _ = try skip(.amp)
        var interfaces = [try parseName()]
        while try skip(.amp) {
            interfaces.append(try parseName())
        }
        // A name right after the list that does not start a definition is a missing '&'.
        if token.kind == .name && definitionKeyword() == nil {
            throw expected("'&'", hint: "interfaces are separated by '&': implements A & B")
        }
        return interfaces
    }

    /// `{ field(arguments): Type @dir … }`, or nothing.
    mutating func parseFieldsDefinition() throws(Diagnostic) -> [FieldDefinition] {
        guard token.kind == .braceL else { return [] }
        try advance()
        if token.kind == .braceR {
            throw expected("Name", hint: "'{ }' cannot be empty; leave the braces out when there are no fields")
        }
        var fields: [FieldDefinition] = []
        repeat {
            let start = token
            let description = try parseDescription()
            let name = try parseName()
            let arguments = try parseArgumentsDefinition()
            try expect(.colon, hint: "a field is written 'name: Type' or 'name(argument: Type): Type'")
            let type = try parseTypeReference()
            let directives = try parseDirectives(isConst: true)
            fields.append(FieldDefinition(
                description: description, name: name, arguments: arguments, type: type, directives: directives,
                location: location(from: start)
            ))
        } while try !skip(.braceR)
        return fields
    }

    /// `(name: Type = default @dir, …)`, or nothing.
    mutating func parseArgumentsDefinition() throws(Diagnostic) -> [InputValueDefinition] {
        guard token.kind == .parenL else { return [] }
        try advance()
        if token.kind == .parenR {
            throw expected("Name", hint: "omit the parentheses when there are no arguments")
        }
        var arguments: [InputValueDefinition] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while try !skip(.parenR)
        return arguments
    }

    /// `"description" name: Type = default @dir`
    mutating func parseInputValueDefinition() throws(Diagnostic) -> InputValueDefinition {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon, hint: token.kind == .equals ? "a type comes first: 'name: Type = default'" : nil)
        let type = try parseTypeReference()
        let defaultValue = try skip(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
            location: location(from: start)
        )
    }

    /// `= A | B` (a leading `|` is allowed), or nothing.
    mutating func parseUnionMemberTypes() throws(Diagnostic) -> [Name] {
        guard try skip(.equals) else { return [] }
        _ = try skip(.pipe)
        var types = [try parseName()]
        while try skip(.pipe) {
            types.append(try parseName())
        }
        return types
    }

    /// `{ "description" VALUE @dir … }`, or nothing.
    mutating func parseEnumValuesDefinition() throws(Diagnostic) -> [EnumValueDefinition] {
        guard token.kind == .braceL else { return [] }
        try advance()
        if token.kind == .braceR {
            throw expected("Name", hint: "'{ }' cannot be empty; leave the braces out when there are no values")
        }
        var values: [EnumValueDefinition] = []
        repeat {
            let start = token
            let description = try parseDescription()
            if isKeyword("true") || isKeyword("false") || isKeyword("null") {
                throw unexpected(token, hint: "'true', 'false' and 'null' cannot name an enum value")
            }
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            values.append(EnumValueDefinition(
                description: description, name: name, directives: directives, location: location(from: start)
            ))
        } while try !skip(.braceR)
        return values
    }

    /// `{ "description" name: Type = default @dir … }`, or nothing.
    mutating func parseInputFieldsDefinition() throws(Diagnostic) -> [InputValueDefinition] {
        guard token.kind == .braceL else { return [] }
        try advance()
        if token.kind == .braceR {
            throw expected("Name", hint: "'{ }' cannot be empty; leave the braces out when there are no fields")
        }
        var fields: [InputValueDefinition] = []
        repeat {
            fields.append(try parseInputValueDefinition())
        } while try !skip(.braceR)
        return fields
    }

    /// After `directive`: `@name(arguments) repeatable on LOCATION | LOCATION`.
    mutating func parseDirectiveDefinition(
        start: Token, description: StringValue?
    ) throws(Diagnostic) -> DirectiveDefinition {
        try expect(.at, hint: token.kind == .name ? "a directive's name starts with '@': directive @name on …" : nil)
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        let isRepeatable = isKeyword("repeatable")
        if isRepeatable { try advance() }
        guard isKeyword("on") else {
            let suggestion = token.kind == .name && !isRepeatable
                ? Suggestions.closest(to: lexer.text(of: token), among: ["repeatable"]) : nil
            throw expected("'on'", suggestion: suggestion)
        }
        try advance()
        _ = try skip(.pipe)
        var locations = [try parseDirectiveLocation()]
        while try skip(.pipe) {
            locations.append(try parseDirectiveLocation())
        }
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, location: location(from: start)
        )
    }

    mutating func parseDirectiveLocation() throws(Diagnostic) -> Name {
        let location = token
        let name = try parseName("a directive location")
        guard DirectiveLocationName(rawValue: name.value) != nil else {
            throw syntaxError(
                "unknown directive location '\(name.value)'", at: location,
                suggestion: Suggestions.closest(to: name.value, among: DirectiveLocationName.allCases.map(\.rawValue))
            )
        }
        return name
    }

    // MARK: - Extensions

    /// After `extend`: an extension of the schema or of a type, which must add something.
    mutating func parseExtension() throws(Diagnostic) -> Definition {
        let start = token
        try advance()
        let keyword = definitionKeyword()
        switch keyword {
        case .schema:
            try advance()
            let directives = try parseDirectives(isConst: true)
            let operationTypes = token.kind == .braceL ? try parseOperationTypeDefinitions() : []
            if directives.isEmpty && operationTypes.isEmpty {
                throw expected("'@' or '{'", hint: "'extend schema' must add directives or operation types")
            }
            return .schemaExtension(SchemaDefinition(
                directives: directives, operationTypes: operationTypes, location: location(from: start)
            ))
        case .scalar:
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            if directives.isEmpty {
                throw expected("'@'", hint: "'extend scalar' must add directives")
            }
            return .typeExtension(.scalar(ScalarTypeDefinition(
                name: name, directives: directives, location: location(from: start)
            )))
        case .type, .interface:
            try advance()
            let name = try parseName()
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(isConst: true)
            let fields = try parseFieldsDefinition()
            if interfaces.isEmpty && directives.isEmpty && fields.isEmpty {
                throw expected("'implements', '@' or '{'",
                               hint: "'extend \(keyword!.rawValue)' must add interfaces, directives or fields")
            }
            let location = location(from: start)
            return .typeExtension(keyword == .type
                ? .object(ObjectTypeDefinition(
                    name: name, interfaces: interfaces, directives: directives, fields: fields, location: location))
                : .interface(InterfaceTypeDefinition(
                    name: name, interfaces: interfaces, directives: directives, fields: fields, location: location)))
        case .union:
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let types = try parseUnionMemberTypes()
            if directives.isEmpty && types.isEmpty {
                throw expected("'@' or '='", hint: "'extend union' must add directives or member types")
            }
            return .typeExtension(.union(UnionTypeDefinition(
                name: name, directives: directives, types: types, location: location(from: start)
            )))
        case .enumKeyword:
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let values = try parseEnumValuesDefinition()
            if directives.isEmpty && values.isEmpty {
                throw expected("'@' or '{'", hint: "'extend enum' must add directives or values")
            }
            return .typeExtension(.enumType(EnumTypeDefinition(
                name: name, directives: directives, values: values, location: location(from: start)
            )))
        case .input:
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            let fields = try parseInputFieldsDefinition()
            if directives.isEmpty && fields.isEmpty {
                throw expected("'@' or '{'", hint: "'extend input' must add directives or fields")
            }
            return .typeExtension(.inputObject(InputObjectTypeDefinition(
                name: name, directives: directives, fields: fields, location: location(from: start)
            )))
        default:
            throw expected("'schema', 'scalar', 'type', 'interface', 'union', 'enum' or 'input' after 'extend'")
        }
    }
}
