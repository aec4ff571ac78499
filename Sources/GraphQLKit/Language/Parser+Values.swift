import BuyflowCore

extension Parser {
    // MARK: - Values

    /// A value literal; with `isConst`, variables are errors.
    mutating func parseValueLiteral(isConst: Bool) throws(Diagnostic) -> Value {
        let start = token
        switch token.kind {
        case .bracketL:
            try enter()
            try advance()
            var values: [Value] = []
            while try !skip(.bracketR) {
                values.append(try parseValueLiteral(isConst: isConst))
            }
            leave()
            return Value(.list(values), location: location(from: start))
        case .braceL:
            try enter()
            try advance()
            var fields: [ObjectField] = []
            while try !skip(.braceR) {
                let fieldStart = token
                let name = try parseName()
                try expect(.colon, hint: token.kind == .equals ? "an input object field is written 'name: value', with ':'" : nil)
                let value = try parseValueLiteral(isConst: isConst)
                fields.append(ObjectField(name: name, value: value, location: location(from: fieldStart)))
            }
            leave()
            return Value(.object(fields), location: location(from: start))
        case .int:
            try advance()
            return Value(.int(lexer.text(of: start)), location: start.location)
        case .float:
            try advance()
            return Value(.float(lexer.text(of: start)), location: start.location)
        case .string, .blockString:
            let string = lexer.stringValue(of: start)
            try advance()
            return Value(.string(string, isBlock: start.kind == .blockString), location: start.location)
        case .name:
            let kind: Value.Kind
            if isKeyword("true") {
                kind = .boolean(true)
            } else if isKeyword("false") {
                kind = .boolean(false)
            } else if isKeyword("null") {
                kind = .null
            } else {
                kind = .enumValue(nameText(start))
            }
            try advance()
            return Value(kind, location: start.location)
        case .dollar:
            try advance()
            if isConst {
                let name = token.kind == .name ? "'$\(lexer.text(of: token))'" : "'$'"
                throw syntaxError(
                    "unexpected variable \(name) in a constant value", at: start,
                    hint: "default values and the arguments of directives on definitions cannot use variables"
                )
            }
            let name = try parseName()
            return Value(.variable(name.value), location: location(from: start))
        default:
            throw expected("a value")
        }
    }

    // MARK: - Types

    /// `Name`, `[Type]`, `Type!`.
    mutating func parseTypeReference() throws(Diagnostic) -> TypeReference {
        let start = token
        var type: TypeReference
        switch token.kind {
        case .bracketL:
            try enter()
            try advance()
            let inner = try parseTypeReference()
            try expect(.bracketR)
            leave()
            type = .list(inner, location: location(from: start))
        case .name:
            type = .named(try parseName())
        default:
            throw expected("a type")
        }
        if try skip(.bang) {
            type = .nonNull(type, location: location(from: start))
            if token.kind == .bang {
                throw unexpected(token, hint: "a non-null type has one '!': '\(type)'")
            }
        }
        return type
    }

    // MARK: - Directives

    /// `@name(arguments) …`, or nothing; with `isConst` the arguments are constants (on
    /// definitions and variable definitions).
    mutating func parseDirectives(isConst: Bool) throws(Diagnostic) -> [Directive] {
        guard token.kind == .at else { return [] }
        var directives: [Directive] = []
        repeat {
            let start = token
            try advance()
            let name = try parseName()
            let arguments = try parseArguments(isConst: isConst)
            directives.append(Directive(name: name, arguments: arguments, location: location(from: start)))
        } while token.kind == .at
        return directives
    }
}
