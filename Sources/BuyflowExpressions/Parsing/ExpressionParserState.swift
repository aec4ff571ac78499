import BuyflowCore

/// The recursive-descent parser over a token array. Every parse function gives the
/// node and its height, so long operator chains (built by loops, not recursion) are
/// held to the depth limit as well as nested parentheses.
struct ExpressionParserState {
    private let tokens: [ExpressionToken]
    private var index = 0
    private var depth = 0

    init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    private struct Parsed {
        var expression: Expression
        var height: Int
    }

    private var current: ExpressionToken { tokens[index] }

    private mutating func advance() -> ExpressionToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func isSymbol(_ symbol: ExpressionSymbol) -> Bool { current.kind == .symbol(symbol) }

    mutating func parseWhole() throws(ExpressionError) -> Expression {
        if current.kind == .end {
            throw ExpressionError("empty expression", offset: 0, length: current.span.offset)
        }
        let parsed = try parseOr()
        guard current.kind == .end else { throw trailing() }
        return parsed.expression
    }

    private func trailing() -> ExpressionError {
        let token = current
        var hint: String?
        switch token.kind {
        case .identifier("and"): hint = "use '&&' for 'and'"
        case .identifier("or"): hint = "use '||' for 'or'"
        case .identifier, .number, .string: hint = "expected an operator such as '==' or '&&' between the two"
        case .symbol(.rightParen), .symbol(.rightBracket): hint = "it has no opening match"
        default: break
        }
        return ExpressionError("unexpected \(token.quoted) after the expression", at: token.span, hint: hint)
    }

    // MARK: Depth

    private mutating func enter(at span: ExpressionSpan) throws(ExpressionError) {
        depth += 1
        if depth > ExpressionParser.maximumDepth { throw tooDeep(span) }
    }

    private mutating func leave() { depth -= 1 }

    private func tooDeep(_ span: ExpressionSpan) -> ExpressionError {
        ExpressionError(
            "expression is nested too deeply (more than \(ExpressionParser.maximumDepth) levels)", at: span,
            hint: "split it into captures or simpler assertions")
    }

    private func checked(_ height: Int, at span: ExpressionSpan) throws(ExpressionError) -> Int {
        guard height <= ExpressionParser.maximumDepth else { throw tooDeep(span) }
        return height
    }

    // MARK: Binary levels

    private mutating func parseOr() throws(ExpressionError) -> Parsed {
        try enter(at: current.span)
        defer { leave() }
        return try parseLevel(1)
    }

    /// One left-associative level of binary operators (1 = `||` … 5 = `+ -`).
    private mutating func parseLevel(_ level: Int) throws(ExpressionError) -> Parsed {
        guard level <= 5 else { return try parseUnary() }
        var left = try parseLevel(level + 1)
        while let op = binaryOperator(), op.precedence == level {
            _ = advance()
            var right = try parseLevel(level + 1)
            if op == .matches { right.expression = try validatedPattern(right.expression) }
            let span = ExpressionSpan(from: left.expression.span, through: right.expression.span)
            left = Parsed(
                expression: .binary(op, left.expression, right.expression, span),
                height: try checked(max(left.height, right.height) + 1, at: span))
        }
        return left
    }

    private func binaryOperator() -> ExpressionBinaryOperator? {
        switch current.kind {
        case .symbol(let symbol): symbol.binaryOperator
        case .identifier(let name): ExpressionBinaryOperator.keywords[name]
        default: nil
        }
    }

    /// A literal pattern on the right of `matches` must compile; it is cached for evaluation.
    private func validatedPattern(_ expression: Expression) throws(ExpressionError) -> Expression {
        var literal = expression
        while case .parenthesized(let inner, _) = literal { literal = inner }
        guard case .literal(.string(let pattern), let span) = literal else { return expression }
        if case .failure(let problem) = ExpressionRegexCache.regex(pattern) {
            throw ExpressionError(
                "invalid regular expression: \(Self.firstLine(problem.description))", at: span,
                hint: "patterns use Perl's syntax (PCRE2); a backslash needs no doubling: \"\\d+\"")
        }
        return expression
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
    }

    // MARK: Prefix and postfix

    private mutating func parseUnary() throws(ExpressionError) -> Parsed {
        let token = current
        let op: ExpressionUnaryOperator
        switch token.kind {
        case .symbol(.bang): op = .not
        case .symbol(.minus): op = .negate
        default: return try parsePostfix()
        }
        if op == .negate, case .number(let text) = tokens[index + 1].kind, !followsPostfix(index + 2) {
            _ = advance()
            let number = advance()
            let span = ExpressionSpan(from: token.span, through: number.span)
            return Parsed(expression: .literal(try numberLiteral("-" + text, at: span), span), height: 1)
        }
        _ = advance()
        try enter(at: token.span)
        defer { leave() }
        let operand = try parseUnary()
        let span = ExpressionSpan(from: token.span, through: operand.expression.span)
        return Parsed(
            expression: .unary(op, operand.expression, span), height: try checked(operand.height + 1, at: span))
    }

    private func followsPostfix(_ position: Int) -> Bool {
        guard position < tokens.count else { return false }
        return tokens[position].kind == .symbol(.dot) || tokens[position].kind == .symbol(.leftBracket)
    }

    private mutating func parsePostfix() throws(ExpressionError) -> Parsed {
        let base = try parsePrimary()
        var components: [ExpressionPathComponent] = []
        var height = base.height
        while true {
            if isSymbol(.dot) {
                _ = advance()
                guard case .identifier(let name) = current.kind else {
                    var hint: String?
                    if case .number = current.kind { hint = "use [0] to take an element of a list" }
                    throw ExpressionError(
                        "expected a member name after '.', found \(current.quoted)", at: current.span, hint: hint)
                }
                components.append(ExpressionPathComponent(.member(name), span: advance().span))
            } else if isSymbol(.leftBracket) {
                let open = advance()
                let inner = try parseOr()
                guard isSymbol(.rightBracket) else {
                    throw ExpressionError(
                        "expected ']' to close the '[' at byte \(open.span.offset), found \(current.quoted)",
                        at: current.span)
                }
                let close = advance()
                let span = ExpressionSpan(from: open.span, through: close.span)
                if case .literal(.int(let value, _), _) = inner.expression {
                    components.append(ExpressionPathComponent(.index(value), span: span))
                } else {
                    components.append(ExpressionPathComponent(.subscript(inner.expression), span: span))
                    height = max(height, inner.height + 1)
                }
            } else {
                break
            }
        }
        guard let last = components.last else { return base }
        let height1 = try checked(height + 1, at: last.span)
        if case .path(var path) = base.expression, path.components.isEmpty {
            path.components = components
            return Parsed(expression: .path(path), height: height1)
        }
        let span = ExpressionSpan(from: base.expression.span, through: last.span)
        return Parsed(expression: .access(base.expression, components, span), height: height1)
    }

    // MARK: Primaries

    private mutating func parsePrimary() throws(ExpressionError) -> Parsed {
        let token = current
        switch token.kind {
        case .number(let text):
            _ = advance()
            return Parsed(expression: .literal(try numberLiteral(text, at: token.span), token.span), height: 1)
        case .string(let value):
            _ = advance()
            return Parsed(expression: .literal(.string(value), token.span), height: 1)
        case .identifier(let name):
            return try parseName(name, token: token)
        case .symbol(.leftParen):
            _ = advance()
            let inner = try parseOr()
            guard isSymbol(.rightParen) else {
                throw ExpressionError(
                    "expected ')' to close the '(' at byte \(token.span.offset), found \(current.quoted)",
                    at: current.span)
            }
            let span = ExpressionSpan(from: token.span, through: advance().span)
            return Parsed(expression: .parenthesized(inner.expression, span), height: try checked(inner.height + 1, at: span))
        case .symbol(.leftBracket):
            return try parseList()
        case .end:
            throw ExpressionError("expected an expression, found the end of the expression", at: token.span)
        case .symbol:
            throw ExpressionError("expected an expression, found \(token.quoted)", at: token.span)
        }
    }

    private mutating func parseName(_ name: String, token: ExpressionToken) throws(ExpressionError) -> Parsed {
        switch name {
        case "true", "false":
            _ = advance()
            return Parsed(expression: .literal(.bool(name == "true"), token.span), height: 1)
        case "null":
            _ = advance()
            return Parsed(expression: .literal(.null, token.span), height: 1)
        case "in", "contains", "matches":
            throw ExpressionError("expected an expression, found '\(name)'", at: token.span)
        default:
            break
        }
        _ = advance()
        guard isSymbol(.leftParen) else {
            return Parsed(expression: .path(ExpressionPath(root: name, rootSpan: token.span)), height: 1)
        }
        guard let function = ExpressionFunction(rawValue: name) else {
            let names = ExpressionFunction.allCases.map(\.name)
            let suggestion = Suggestions.closest(to: name, among: names)
            throw ExpressionError(
                "unknown function '\(name)'", at: token.span, suggestion: suggestion,
                hint: suggestion == nil ? "the functions are \(names.joined(separator: ", "))" : nil)
        }
        let (arguments, height, close) = try parseArguments()
        let span = ExpressionSpan(from: token.span, through: close)
        guard arguments.count == function.arity else {
            let noun = function.arity == 1 ? "argument" : "arguments"
            throw ExpressionError(
                "\(name)() takes \(function.arity) \(noun), got \(arguments.count)", at: span)
        }
        return Parsed(expression: .call(function, arguments, span), height: try checked(height + 1, at: span))
    }

    /// `( a, b )` after a function name; gives the arguments, their greatest height and the `)`'s span.
    private mutating func parseArguments() throws(ExpressionError) -> ([Expression], Int, ExpressionSpan) {
        _ = advance()
        var arguments: [Expression] = []
        var height = 0
        if !isSymbol(.rightParen) {
            while true {
                let argument = try parseOr()
                arguments.append(argument.expression)
                height = max(height, argument.height)
                guard isSymbol(.comma) else { break }
                _ = advance()
            }
        }
        guard isSymbol(.rightParen) else {
            throw ExpressionError(
                "expected ',' or ')' in the call, found \(current.quoted)", at: current.span)
        }
        return (arguments, height, advance().span)
    }

    private mutating func parseList() throws(ExpressionError) -> Parsed {
        let open = advance()
        var elements: [Expression] = []
        var height = 0
        while !isSymbol(.rightBracket) {
            let element = try parseOr()
            elements.append(element.expression)
            height = max(height, element.height)
            if isSymbol(.comma) {
                _ = advance()
            } else if !isSymbol(.rightBracket) {
                throw ExpressionError(
                    "expected ',' or ']' in the list, found \(current.quoted)", at: current.span)
            }
        }
        let span = ExpressionSpan(from: open.span, through: advance().span)
        return Parsed(expression: .list(elements, span), height: try checked(height + 1, at: span))
    }

    private func numberLiteral(_ text: String, at span: ExpressionSpan) throws(ExpressionError) -> ExpressionLiteral {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            guard let value = Int(text) else {
                throw ExpressionError(
                    "integer \(text) is too large", at: span,
                    hint: "integers go up to \(Int.max); for larger amounts use decimal(\"…\")")
            }
            return .int(value, text: text)
        }
        guard let value = Double(text), value.isFinite else {
            throw ExpressionError("number \(text) is out of range", at: span)
        }
        return .double(value, text: text)
    }
}
