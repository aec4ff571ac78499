import BuyflowCore

/// A recursive-descent parser for the whole GraphQL language: executable documents
/// (operations, fragments) and the type system (schema, types, directives, extensions),
/// following the October 2021 specification and the current draft (descriptions on
/// operations, fragments and variables; `\u{…}` escapes).
///
/// Every syntax error is a `Diagnostic` with code `graphql.syntax`, pointing at the
/// offending token: `expected Name, found '}'`.
///
///     let document = try Parser.parse("query Cart($id: ID!) { cart(id: $id) { id } }")
public struct Parser {
    /// The diagnostic code of every syntax error.
    public static let syntaxCode = "graphql.syntax"

    var lexer: Lexer
    /// The current token (one token of lookahead).
    var token: Token
    /// Where the last consumed token ends: the end of the node being built.
    var previousEnd = 0
    /// How deep selection sets, list and object values and list types nest right now.
    var depth = 0
    let options: ParseOptions
    /// Names longer than the inline capacity of `String`, interned so that repeated
    /// names (type references, common fields) share one allocation.
    var names = NameTable()

    var path: String { lexer.path }

    private init(lexer: Lexer, options: ParseOptions) throws(Diagnostic) {
        self.lexer = lexer
        self.options = options
        self.token = try self.lexer.next()
    }

    // MARK: - Entry points

    /// Parses a document: any mix of executable and type-system definitions.
    ///
    /// - Parameters:
    ///   - source: The GraphQL text.
    ///   - path: The file the text comes from, for diagnostics and `Document.path`.
    ///   - options: Limits (tokens, nesting) and legacy switches.
    /// - Throws: A `Diagnostic` (code `graphql.syntax`) at the first syntax error.
    public static func parse(
        _ source: String, path: String = "<document>", options: ParseOptions = .init()
    ) throws(Diagnostic) -> Document {
        try run(source, path: path, options: options) { (parser) throws(Diagnostic) in
            try parser.parseDocument()
        }
    }

    /// Parses one value literal, which may contain variables: `{ a: [1, $b] }`.
    public static func parseValue(
        _ source: String, path: String = "<value>", options: ParseOptions = .init()
    ) throws(Diagnostic) -> Value {
        try run(source, path: path, options: options) { (parser) throws(Diagnostic) in
            let value = try parser.parseValueLiteral(isConst: false)
            try parser.expectEnd()
            return value
        }
    }

    /// Parses one constant value literal (variables are errors), such as an
    /// introspection `defaultValue`: `{ first: 10, reverse: false }`.
    public static func parseConstValue(
        _ source: String, path: String = "<value>", options: ParseOptions = .init()
    ) throws(Diagnostic) -> Value {
        try run(source, path: path, options: options) { (parser) throws(Diagnostic) in
            let value = try parser.parseValueLiteral(isConst: true)
            try parser.expectEnd()
            return value
        }
    }

    /// Parses a type reference: `[CartLineInput!]!`.
    public static func parseType(
        _ source: String, path: String = "<type>", options: ParseOptions = .init()
    ) throws(Diagnostic) -> TypeReference {
        try run(source, path: path, options: options) { (parser) throws(Diagnostic) in
            let type = try parser.parseTypeReference()
            try parser.expectEnd()
            return type
        }
    }

    private static func run<R>(
        _ source: String, path: String, options: ParseOptions, _ body: (inout Parser) throws(Diagnostic) -> R
    ) throws(Diagnostic) -> R {
        try Lexer.withLexer(source, path: path, maxTokens: options.maxTokens) { (lexer) throws(Diagnostic) -> R in
            var parser = try Parser(lexer: lexer, options: options)
            return try body(&parser)
        }
    }

    // MARK: - Tokens

    @inline(__always)
    mutating func advance() throws(Diagnostic) {
        previousEnd = token.end
        token = try lexer.next()
    }

    /// Consumes the current token when it is of `kind`.
    @inline(__always)
    mutating func skip(_ kind: TokenKind) throws(Diagnostic) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes a token of `kind` or fails with `expected 'kind', found …`.
    @inline(__always)
    mutating func expect(_ kind: TokenKind, hint: String? = nil) throws(Diagnostic) {
        guard token.kind == kind else { throw expected(kind.displayName, hint: hint) }
        try advance()
    }

    mutating func expectEnd() throws(Diagnostic) {
        guard token.kind == .eof else { throw expected("<EOF>") }
    }

    /// Whether the current token is the name `keyword`.
    @inline(__always)
    func isKeyword(_ keyword: StaticString) -> Bool {
        guard token.kind == .name, token.end &- token.start == keyword.utf8CodeUnitCount else { return false }
        let text = keyword.utf8Start
        var i = 0
        while i < keyword.utf8CodeUnitCount {
            if lexer.bytes[token.start &+ i] != text[i] { return false }
            i &+= 1
        }
        return true
    }

    /// The location from `start` to the end of the last consumed token.
    @inline(__always)
    func location(from start: Token) -> Location {
        Location(start: start.start, end: previousEnd, line: start.line, column: start.column)
    }

    /// Enters a nested selection set, list or object value, or list type.
    @inline(__always)
    mutating func enter() throws(Diagnostic) {
        depth &+= 1
        if depth > options.maxDepth {
            throw syntaxError(
                "document nests deeper than \(options.maxDepth) levels", at: token,
                hint: "selection sets, lists, input objects and list types may nest at most \(options.maxDepth) levels deep"
            )
        }
    }

    @inline(__always)
    mutating func leave() { depth &-= 1 }

    // MARK: - Names

    /// A name, or `expected <what>, found …`.
    @inline(__always)
    mutating func parseName(_ what: @autoclosure () -> String = "Name") throws(Diagnostic) -> Name {
        guard token.kind == .name else { throw expected(what()) }
        let name = Name(nameText(token), location: token.location)
        try advance()
        return name
    }

    /// The text of a name token, interned when it is long.
    @inline(__always)
    mutating func nameText(_ token: Token) -> String {
        names.string(lexer.bytes, from: token.start, to: token.end)
    }

    // MARK: - Errors

    func syntaxError(
        _ message: String, at token: Token, hint: String? = nil, suggestion: String? = nil
    ) -> Diagnostic {
        .error(
            message, at: SourceLocation(file: path, line: token.line, column: token.column),
            code: Parser.syntaxCode, suggestion: suggestion, hint: hint ?? unclosedHint(at: token)
        )
    }

    /// `expected <what>, found <current token>`.
    func expected(_ what: String, hint: String? = nil, suggestion: String? = nil) -> Diagnostic {
        syntaxError("expected \(what), found \(describe(token))", at: token, hint: hint, suggestion: suggestion)
    }

    /// `unexpected <token>`.
    func unexpected(_ token: Token, hint: String? = nil) -> Diagnostic {
        syntaxError("unexpected \(describe(token))", at: token, hint: hint)
    }

    /// A token for messages: `'{'`, `Name "foo"`, `Int "12"`, `String "text"`, `<EOF>`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float:
            return "\(token.kind.displayName) \"\(lexer.text(of: token))\""
        case .string, .blockString:
            var value = lexer.stringValue(of: token)
            if value.count > 40 { value = value.prefix(40) + "…" }
            return "\(token.kind.displayName) \(Printer.quoted(value))"
        default:
            return token.kind.displayName
        }
    }

    /// Which bracket is left open where `token` stands, when `token` is the end of the
    /// source ("the '{' opened at 3:5 was never closed") or a closing bracket of another
    /// kind ("the '[' opened at 2:9 is still open here"). Found by lexing the source
    /// again up to `token` (errors only).
    private func unclosedHint(at token: Token) -> String? {
        let isCloser = token.kind == .braceR || token.kind == .bracketR || token.kind == .parenR
        guard token.kind == .eof || isCloser else { return nil }
        var relexer = Lexer(bytes: lexer.bytes, path: path)
        var open: [Token] = []
        while let next = try? relexer.next(), next.kind != .eof, next.start < token.start {
            switch next.kind {
            case .braceL, .bracketL, .parenL:
                open.append(next)
            case .braceR, .bracketR, .parenR:
                if let last = open.last, Parser.closer(of: last.kind) == next.kind { open.removeLast() }
            default:
                break
            }
        }
        guard let last = open.last else { return nil }
        let opened = "the \(last.kind.displayName) opened at \(last.line):\(last.column)"
        if token.kind == .eof { return opened + " was never closed" }
        return Parser.closer(of: last.kind) == token.kind ? nil : opened + " is still open here"
    }

    static func closer(of kind: TokenKind) -> TokenKind? {
        switch kind {
        case .braceL: .braceR
        case .bracketL: .bracketR
        case .parenL: .parenR
        default: nil
        }
    }
}
