import BuyflowCore
import GraphQLKit
import Testing

/// A malformed document and the diagnostic it must produce.
struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
    var source: String
    var message: String
    var line: Int
    var column: Int
    var hint: String?
    var suggestion: String?

    init(_ source: String, _ message: String, at line: Int, _ column: Int, hint: String? = nil, suggestion: String? = nil) {
        self.source = source
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint
        self.suggestion = suggestion
    }

    var testDescription: String { source.debugDescription }
}

@Suite("Parser: syntax errors")
struct ParserErrorTests {
    static let cases: [SyntaxErrorCase] = [
        // Selection sets
        .init("{", "expected Name, found <EOF>", at: 1, 2, hint: "the '{' opened at 1:1 was never closed"),
        .init("query Q {\n  cart {\n    id\n", "expected Name, found <EOF>", at: 4, 1, hint: "the '{' opened at 2:8 was never closed"),
        .init("{ a }}", "expected a definition, found '}'", at: 1, 6, hint: "this '}' closes nothing: is there one too many?"),
        .init("query { }", "expected Name, found '}'", at: 1, 9, hint: "a selection set selects at least one field"),
        .init("{ a: }", "expected Name, found '}'", at: 1, 6),
        .init("{ ... }", "expected '{', found '}'", at: 1, 7,
              hint: "'...' is followed by a fragment name, or by 'on Type { … }' for an inline fragment"),
        .init("{ ...on }", "expected Name, found '}'", at: 1, 9),
        .init("{ ... on Foo }", "expected '{', found '}'", at: 1, 14),
        .init("{ a @ }", "expected Name, found '}'", at: 1, 7),
        // Arguments and values
        .init("{ f(a = 1) }", "expected ':', found '='", at: 1, 7, hint: "an argument is written 'name: value', with ':'"),
        .init("{ f(a: ) }", "expected a value, found ')'", at: 1, 8),
        .init("{ f() }", "expected Name, found ')'", at: 1, 5, hint: "omit the parentheses when there are no arguments"),
        .init("{ a(b: 1 c: 2 }", "expected Name, found '}'", at: 1, 15, hint: "the '(' opened at 1:4 is still open here"),
        .init("{ a(b: [1, 2 }", "expected a value, found '}'", at: 1, 14, hint: "the '[' opened at 1:8 is still open here"),
        .init("{ a(b: {c: 1) }", "expected Name, found ')'", at: 1, 13, hint: "the '{' opened at 1:8 is still open here"),
        .init("mutation { a(input: {x = 1}) { b } }", "expected ':', found '='", at: 1, 24,
              hint: "an input object field is written 'name: value', with ':'"),
        .init("query Foo { a }\n\nquery Bar {\n  b(c: {d: [1, 2)\n}", "expected a value, found ')'", at: 4, 17,
              hint: "the '[' opened at 4:12 is still open here"),
        .init("query {\r\n  a(\r\n}", "expected Name, found '}'", at: 3, 1, hint: "the '(' opened at 2:4 is still open here"),
        .init("{ a(b: $) }", "expected Name, found ')'", at: 1, 9),
        // Operations and variables
        .init("", "expected a definition, found <EOF>", at: 1, 1, hint: "the document is empty"),
        .init("Query { a }", "expected a definition, found Name \"Query\"", at: 1, 1, suggestion: "query"),
        .init("subscripton S { a }", "expected a definition, found Name \"subscripton\"", at: 1, 1, suggestion: "subscription"),
        .init("query Foo($a: Int = 1, b: Int) { a }", "expected '$', found Name \"b\"", at: 1, 24,
              hint: "a variable's name starts with '$'"),
        .init("query Foo($a Int) { a }", "expected ':', found Name \"Int\"", at: 1, 14),
        .init("query Q($a = 1) { a }", "expected ':', found '='", at: 1, 12, hint: "a variable needs a type: '$a: Type = default'"),
        .init("query Q() { a }", "expected '$', found ')'", at: 1, 9, hint: "omit the parentheses when there are no variables"),
        .init("query Foo($a: Int = $b) { a }", "unexpected variable '$b' in a constant value", at: 1, 21,
              hint: "default values and the arguments of directives on definitions cannot use variables"),
        .init("query Foo($a: Int @dir(x: $y)) { a }", "unexpected variable '$y' in a constant value", at: 1, 27,
              hint: "default values and the arguments of directives on definitions cannot use variables"),
        .init("query Foo($a: Int) ($b: Int) { a }", "expected '{', found '('", at: 1, 20),
        .init("query Foo @dir { a } fragment Bar on Baz", "expected '{', found <EOF>", at: 1, 41),
        .init("query Q { a } query\n", "expected '{', found <EOF>", at: 2, 1),
        .init("query Q($a: Int!!) { a }", "unexpected '!'", at: 1, 17, hint: "a non-null type has one '!': 'Int!'"),
        .init("\"desc\" { a }", "unexpected description: a shorthand query '{ … }' cannot have one", at: 1, 1,
              hint: "write 'query { … }' to describe the operation"),
        .init("\"only a description\"", "expected a definition after the description, found <EOF>", at: 1, 21),
        // Fragments
        .init("fragment on on on { on }", "unexpected Name \"on\"", at: 1, 10,
              hint: "'on' cannot name a fragment: write 'fragment Name on Type { … }'"),
        .init("fragment Foo Bar { a }", "expected type condition 'on', found Name \"Bar\"", at: 1, 14,
              hint: "write 'fragment Foo on Bar { … }'"),
        .init("fragment Foo($a: Int) on Bar { a }", "expected type condition 'on', found '('", at: 1, 13,
              hint: "fragments have no variables (ParseOptions.allowLegacyFragmentVariables accepts the old syntax)"),
        .init("fragment Foo on { a }", "expected Name, found '{'", at: 1, 17),
        // Lexical errors surface through the parser
        .init("{ a(b: \"unterminated) }", "unterminated string", at: 1, 8, hint: "the string's closing '\"' is missing"),
        .init("{ a(b: \"\"\"abc) }", "unterminated block string", at: 1, 8, hint: "the block string's closing '\"\"\"' is missing"),
        .init("{ a(b: 01) }", "invalid number, unexpected digit after 0: '1'", at: 1, 9,
              hint: "GraphQL numbers are written without leading zeros"),
        .init("{ a ? }", "unexpected character '?'", at: 1, 5, hint: "'?' is not GraphQL; a non-null type is written with '!'"),
        .init("{ a(b: \"é\") } ü", "unexpected character 'ü' (U+00FC)", at: 1, 15,
              hint: "names may contain only ASCII letters, digits and '_'; other characters belong in strings"),
        .init("{ a(b: \"\\uD83D\") }", "invalid Unicode escape sequence '\\uD83D'", at: 1, 9,
              hint: "write \\u and four hex digits (a surrogate pair for characters above U+FFFF), or \\u{…} with up to six"),
        .init("{\n  a(b: \"bell \u{7}\")\n}", "invalid character within String: U+0007", at: 2, 14),
        // Type system
        .init("type Foo { }", "expected Name, found '}'", at: 1, 12,
              hint: "'{ }' cannot be empty; leave the braces out when there are no fields"),
        .init("type Q { a(): Int }", "expected Name, found ')'", at: 1, 12, hint: "omit the parentheses when there are no arguments"),
        .init("type Q { a Int }", "expected ':', found Name \"Int\"", at: 1, 12,
              hint: "a field is written 'name: Type' or 'name(argument: Type): Type'"),
        .init("type Q { a: Int } }", "expected a definition, found '}'", at: 1, 19, hint: "this '}' closes nothing: is there one too many?"),
        .init("type Foo implements Bar Baz { a: Int }", "expected '&', found Name \"Baz\"", at: 1, 25,
              hint: "interfaces are separated by '&': implements A & B"),
        .init("type A implements { a: Int }", "expected Name, found '{'", at: 1, 19),
        .init("type Foo { a: [Int }", "expected ']', found '}'", at: 1, 20, hint: "the '[' opened at 1:15 is still open here"),
        .init("type Foo { a: Int!! }", "unexpected '!'", at: 1, 19, hint: "a non-null type has one '!': 'Int!'"),
        .init("type A @d(x: $y) { a: Int }", "unexpected variable '$y' in a constant value", at: 1, 14,
              hint: "default values and the arguments of directives on definitions cannot use variables"),
        .init("input I { a: Int = $v }", "unexpected variable '$v' in a constant value", at: 1, 20,
              hint: "default values and the arguments of directives on definitions cannot use variables"),
        .init("input I { a = 1 }", "expected ':', found '='", at: 1, 13, hint: "a type comes first: 'name: Type = default'"),
        .init("enum E { true }", "unexpected Name \"true\"", at: 1, 10, hint: "'true', 'false' and 'null' cannot name an enum value"),
        .init("enum E { }", "expected Name, found '}'", at: 1, 10,
              hint: "'{ }' cannot be empty; leave the braces out when there are no values"),
        .init("union U = | | A", "expected Name, found '|'", at: 1, 13),
        .init("union U =", "expected Name, found <EOF>", at: 1, 10),
        .init("schema { query Query }", "expected ':', found Name \"Query\"", at: 1, 16),
        .init("schema { }", "expected 'query', 'mutation' or 'subscription', found '}'", at: 1, 10),
        .init("schema { Query: Q }", "expected 'query', 'mutation' or 'subscription', found Name \"Query\"", at: 1, 10, suggestion: "query"),
        .init("directive @foo on FIELD | QUERI", "unknown directive location 'QUERI'", at: 1, 27, suggestion: "QUERY"),
        .init("directive foo on FIELD", "expected '@', found Name \"foo\"", at: 1, 11,
              hint: "a directive's name starts with '@': directive @name on …"),
        .init("directive @a on", "expected a directive location, found <EOF>", at: 1, 16),
        .init("directive @a repeatible on FIELD", "expected 'on', found Name \"repeatible\"", at: 1, 14, suggestion: "repeatable"),
        .init("directive @d(a: Int) FIELD", "expected 'on', found Name \"FIELD\"", at: 1, 22),
        // Extensions
        .init("extend type Foo", "expected 'implements', '@' or '{', found <EOF>", at: 1, 16,
              hint: "'extend type' must add interfaces, directives or fields"),
        .init("extend interface I\ntype A", "expected 'implements', '@' or '{', found Name \"type\"", at: 2, 1,
              hint: "'extend interface' must add interfaces, directives or fields"),
        .init("extend scalar Foo", "expected '@', found <EOF>", at: 1, 18, hint: "'extend scalar' must add directives"),
        .init("extend schema", "expected '@' or '{', found <EOF>", at: 1, 14, hint: "'extend schema' must add directives or operation types"),
        .init("extend union U", "expected '@' or '=', found <EOF>", at: 1, 15, hint: "'extend union' must add directives or member types"),
        .init("extend enum E", "expected '@' or '{', found <EOF>", at: 1, 14, hint: "'extend enum' must add directives or values"),
        .init("extend input I", "expected '@' or '{', found <EOF>", at: 1, 15, hint: "'extend input' must add directives or fields"),
        .init("extend foo", "expected 'schema', 'scalar', 'type', 'interface', 'union', 'enum' or 'input' after 'extend', found Name \"foo\"",
              at: 1, 8),
        .init("\"desc\" extend type A @x", "unexpected description before 'extend'", at: 1, 1,
              hint: "extensions cannot have descriptions; describe the definition instead"),
    ]

    @Test(arguments: cases)
    func syntaxError(_ errorCase: SyntaxErrorCase) {
        let error = #expect(throws: Diagnostic.self) { try Parser.parse(errorCase.source, path: "bad.graphql") }
        guard let error else { return }
        #expect(error.message == errorCase.message)
        #expect(error.location == SourceLocation(file: "bad.graphql", line: errorCase.line, column: errorCase.column))
        #expect(error.hint == errorCase.hint)
        #expect(error.suggestion == errorCase.suggestion)
        #expect(error.code == "graphql.syntax")
        #expect(error.severity == .error)
    }

    @Test func atLeastThirtyCases() {
        #expect(Self.cases.count >= 30)
    }

    @Test func rendersLikeACompiler() throws {
        let source = "query Cart {\n  cart(id: $id) {\n    id\n  }\n"
        let error = #expect(throws: Diagnostic.self) { try Parser.parse(source, path: "cart.graphql") }
        let rendered = DiagnosticRenderer(sources: [SourceFile(path: "cart.graphql", text: source)]).render(try #require(error))
        #expect(rendered == """
            cart.graphql:5:1: error: expected Name, found <EOF>
             5 | 
               | ^
            hint: the '{' opened at 1:12 was never closed

            """)
        #expect(error?.description == "cart.graphql:5:1: error: expected Name, found <EOF>")
    }
}
