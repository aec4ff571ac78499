import BuyflowCore
import GraphQLKit
import Testing

@Suite("Printer")
struct PrinterTests {
    // MARK: - Golden files and round trips

    /// Each document prints as its golden file, `printed/<name>`.
    @Test(arguments: LanguageFixtures.documentNames)
    func golden(name: String) throws {
        let document = try Parser.parse(try LanguageFixtures.document(name), path: name)
        try LanguageFixtures.expectGolden(Printer.print(document) + "\n", at: "printed/" + name)
    }

    /// `parse(print(x)) == x` and printing is idempotent, for every test document.
    @Test(arguments: LanguageFixtures.documentNames)
    func roundTrip(name: String) throws {
        let document = try Parser.parse(try LanguageFixtures.document(name))
        let printed = Printer.print(document)
        let reparsed = try Parser.parse(printed)
        #expect(reparsed == document)
        #expect(Printer.print(reparsed) == printed)
        // Each definition also prints on its own as it does in the document.
        #expect(document.definitions.map(Printer.print).joined(separator: "\n\n") == printed)
    }

    /// Every document of the parser tests round-trips too.
    @Test(arguments: ParserRoundTripCorpus.documents)
    func roundTripCorpus(source: String) throws {
        let document = try Parser.parse(source)
        let printed = Printer.print(document)
        #expect(try Parser.parse(printed) == document, "\(printed)")
        #expect(Printer.print(try Parser.parse(printed)) == printed)
    }

    // MARK: - Layout

    @Test(arguments: [
        ("query { a }", "{\n  a\n}"),
        ("{ a }", "{\n  a\n}"),
        ("query Q { a }", "query Q {\n  a\n}"),
        ("query @d { a }", "query @d {\n  a\n}"),
        ("query ($a: Int) { a }", "query ($a: Int) {\n  a\n}"),
        ("mutation { a }", "mutation {\n  a\n}"),
        ("subscription S($a: [Int!]! = [1] @v) @d { a }", "subscription S($a: [Int!]! = [1] @v) @d {\n  a\n}"),
        ("fragment F on T @d { a }", "fragment F on T @d {\n  a\n}"),
        ("{ a: b(c: 1, d: {e: [f, $g]}) @h @i(j: null) { k } }", "{\n  a: b(c: 1, d: {e: [f, $g]}) @h @i(j: null) {\n    k\n  }\n}"),
        ("{ ... { a } ... on T @d { b } ...F @e }", "{\n  ... {\n    a\n  }\n  ... on T @d {\n    b\n  }\n  ...F @e\n}"),
        ("{ a }\n\n\n{ b }", "{\n  a\n}\n\n{\n  b\n}"),
        ("{ a(b: 1.0e10, c: -0, d: \"\") }", "{\n  a(b: 1.0e10, c: -0, d: \"\")\n}"),
        ("\"desc\" query Q { a }", "\"desc\"\nquery Q {\n  a\n}"),
        ("query Q(\"d\" $a: Int, $b: Int) { a }", "query Q(\n  \"d\"\n  $a: Int\n  $b: Int\n) {\n  a\n}"),
    ])
    func layout(source: String, printed: String) throws {
        #expect(Printer.print(try Parser.parse(source)) == printed)
    }

    /// Field arguments go one per line when the line would pass 80 columns.
    @Test func longArgumentsWrap() throws {
        let fits = "{ f(argument: \"" + String(repeating: "x", count: 63) + "\") }"  // f(...) is exactly 80
        #expect(Printer.print(try Parser.parse(fits)) == "{\n  f(argument: \"" + String(repeating: "x", count: 63) + "\")\n}")
        let long = "{ f(argument: \"" + String(repeating: "x", count: 64) + "\", b: 1) }"
        #expect(Printer.print(try Parser.parse(long)) == """
            {
              f(
                argument: "\(String(repeating: "x", count: 64))"
                b: 1
              )
            }
            """)
        // The alias counts; directives do not.
        let aliased = "{ alias: f(a: \"" + String(repeating: "x", count: 66) + "\") @d(x: 1) }"
        #expect(Printer.print(try Parser.parse(aliased)).contains("alias: f(\n    a: "))
    }

    /// Block strings follow the indentation of their line (expected output from graphql-core).
    @Test func blockStringsAreIndented() throws {
        let inline = "{ a { b(c: \"\"\"\n  first\n    second\n\n  third\n\"\"\") } }"
        #expect(Printer.print(try Parser.parse(inline)) == """
            {
              a {
                b(c: \"\"\"
                first
                  second
                
                third
                \"\"\")
              }
            }
            """)
        let wrapped = "{ a { b(c: \"\"\"\n  first\n    second\n\n  third\n\"\"\", d: \"\(String(repeating: "x", count: 60))\") } }"
        let printed = Printer.print(try Parser.parse(wrapped))
        #expect(printed == """
            {
              a {
                b(
                  c: \"\"\"
                  first
                    second
                  
                  third
                  \"\"\"
                  d: "\(String(repeating: "x", count: 60))"
                )
              }
            }
            """)
        #expect(try Parser.parse(printed) == (try Parser.parse(wrapped)))
    }

    @Test func typeSystemLayout() throws {
        let source = """
            type A implements B & C @d { "f" f("x" x: Int = 1 @e, y: [String!] = ["a"]): Int! @g  h(i: Int): Int }
            union U @d = | A | B
            directive @d("a" a: Int) repeatable on | FIELD | QUERY
            """
        #expect(Printer.print(try Parser.parse(source)) == """
            type A implements B & C @d {
              "f"
              f(
                "x"
                x: Int = 1 @e
                y: [String!] = ["a"]
              ): Int! @g
              h(i: Int): Int
            }

            union U @d = A | B

            directive @d(
              "a"
              a: Int
            ) repeatable on FIELD | QUERY
            """)
    }

    // MARK: - Strings

    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("quote \" backslash \\ slash /", #""quote \" backslash \\ slash /""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}\u{1}\u{1B}\u{1F}", #""\u0000\u0001\u001B\u001F""#),
        ("\u{7F}\u{85}\u{9F}\u{A0}", "\"\\u007F\\u0085\\u009F\u{A0}\""),
        ("café ☕ 😀", "\"café ☕ 😀\""),
    ])
    func quoted(value: String, printed: String) throws {
        #expect(Printer.quoted(value) == printed)
        #expect(try Parser.parseValue(printed).kind == .string(value, isBlock: false))
    }

    @Test func unprintableBlockStringFallsBackToAString() throws {
        let value = Value(.string("\n  leading blank line", isBlock: true))
        #expect(Printer.print(value) == #""\n  leading blank line""#)
        let description = StringValue("bell \u{7}", isBlock: true)
        let scalar = Definition.type(.scalar(ScalarTypeDefinition(description: description, name: Name("S"))))
        #expect(Printer.print(scalar) == "\"bell \\u0007\"\nscalar S")
    }

    // MARK: - Nodes on their own

    @Test func printsNodes() throws {
        #expect(Printer.print(try Parser.parseValue("{a: [1, 2.5, \"s\", E, $v, null, true]}")) == "{a: [1, 2.5, \"s\", E, $v, null, true]}")
        #expect(Printer.print(try Parser.parseType("[A!]!")) == "[A!]!")
        let document = try Parser.parse("{ a(x: 1) @d { b ...F } }")
        let selectionSet = document.operations[0].selectionSet
        #expect(Printer.print(selectionSet) == "{\n  a(x: 1) @d {\n    b\n    ...F\n  }\n}")
        #expect(Printer.print(selectionSet.selections[0]) == "a(x: 1) @d {\n  b\n  ...F\n}")
        #expect(Printer.print(selectionSet.selections[0].directives[0]) == "@d")
        #expect(Printer.print(Directive(name: Name("include"), arguments: [Argument(name: Name("if"), value: Value(.variable("x")))])) == "@include(if: $x)")
    }

    /// An AST built in code prints as graphql-js would print it.
    @Test func synthesizedDocument() throws {
        let document = Document(definitions: [
            .operation(OperationDefinition(
                operation: .mutation, name: Name("CartCreate"),
                variableDefinitions: [VariableDefinition(variable: Name("input"), type: .nonNull(.named(Name("CartInput")), location: .synthesized))],
                selectionSet: SelectionSet([.field(Field(
                    name: Name("cartCreate"), arguments: [Argument(name: Name("input"), value: Value(.variable("input")))],
                    selectionSet: SelectionSet([.field(Field(name: Name("cart"), selectionSet: SelectionSet([.field(Field(name: Name("id")))])))])
                ))])
            )),
            .operation(OperationDefinition(operation: .query, selectionSet: SelectionSet([.field(Field(name: Name("shop")))]))),
        ])
        let printed = Printer.print(document)
        #expect(printed == """
            mutation CartCreate($input: CartInput!) {
              cartCreate(input: $input) {
                cart {
                  id
                }
              }
            }

            {
              shop
            }
            """)
        #expect(try Parser.parse(printed) == document)
    }

    // MARK: - Random values

    /// Random value literals (strings with every kind of character, block strings,
    /// nested lists and objects) print and parse back to themselves.
    @Test func randomValuesRoundTrip() throws {
        var generator = ValueGenerator(seed: 0x5EED)
        for _ in 0..<2_000 {
            let value = generator.value(depth: 0)
            let printed = Printer.print(value)
            let parsed = try Parser.parseValue(printed)
            #expect(parsed == value, "\(printed)")
            if parsed != value { return }
        }
    }
}

/// Documents used elsewhere in the parser tests, for round-trip checks.
enum ParserRoundTripCorpus {
    static let documents: [String] = [
        "{ a }",
        "query { a }",
        "query Q($id: ID! = \"x\" @v, $list: [Int]) @op(a: 1) { alias: f(a: 1, b: $id) @skip(if: true) { g } ...F @spread ... on T { h } ... @include(if: $c) { i } }",
        "{ query mutation subscription fragment on type schema extend true: false null: null(on: on) ... on on { on } }\nfragment fragmentName on on { on }",
        "{ ...F @defer(label: \"f\", if: $d) items @stream(initialCount: 2) { id } ... @defer { slow } }",
        "{ a(b: \"é😀\", c: 1) }",
        "{ a(s: \"\\u0000\\u001F\\\"\\\\ \\u{1F600} \\t\", b: \"\"\"  leading\n  x\"\"\", c: \"\"\"a\"\"\", d: \"\"\"\\\"\"\"\"\"\") }",
        "\"\"\"\n  Described.\n\"\"\"\nscalar A @x(y: {z: [1, 2]})",
        "extend schema @a extend schema { mutation: M } extend scalar S @a extend type T implements I extend type T @a extend type T { f: Int } extend interface I implements J & K extend union U = A | B extend union U @a extend enum E { X } extend enum E @a extend input In { f: Int } extend input In @a",
        "schema @s { query: QueryRoot mutation: Mutation subscription: Subscription } scalar Decimal union Result = | Product | Collection union Empty enum CurrencyCode { USD EUR @deprecated } input CartInput { note: String = \"none\" lines: [CartLineInput!] = [] } directive @inContext(country: CountryCode) repeatable on | QUERY | MUTATION",
        "type A { \"\"\"\n  multi\n  line\n\"\"\" f(\"\"\"arg\"\"\" a: Int = 1, \"plain\" b: [[B!]]! = [[{c: d}]]): Int }",
        "\"\"\"\ntriple \\\"\"\" inside\n\"\"\"\nenum E { \"\"\"    indented first line\"\"\" A \"ends with quote\\\"\" B }",
        "interface I implements A & B @d { f: Int }",
    ]
}

/// A small deterministic generator of value literals.
struct ValueGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func name() -> String {
        let first = Array("_abcXYZ")
        let rest = Array("_abcXYZ0189")
        return String(first[next(first.count)]) + String((0..<next(6)).map { _ in rest[next(rest.count)] })
    }

    mutating func string() -> String {
        let pieces: [String] = [
            "a", " ", "\t", "\n", "\r", "\"", "\\", "/", "é", "😀", "\u{0}", "\u{7}", "\u{1F}", "\u{7F}", "\u{85}",
            "\u{2028}", "\"\"\"", "\\\"\"\"", "#", "{", "}", "\u{FEFF}",
        ]
        return (0..<next(8)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    mutating func value(depth: Int) -> Value {
        switch next(depth > 3 ? 9 : 11) {
        case 0: return Value(.int(["0", "-0", "7", "-123", "9007199254740993"][next(5)]))
        case 1: return Value(.float(["0.0", "-1.5", "1e10", "6.02E+23", "-2.5e-3"][next(5)]))
        case 2: return Value(.string(string(), isBlock: false))
        case 3:
            // A block string's value is what BlockStringValue() makes of some raw text.
            let parsed = try? Parser.parseValue("\"\"\"" + blockRaw() + "\"\"\"")
            return Value(.string(parsed?.stringValue ?? "x", isBlock: true))
        case 4: return Value(.boolean(next(2) == 0))
        case 5: return Value(.null)
        case 6:
            let name = self.name()
            return Value(["true", "false", "null"].contains(name) ? .null : .enumValue(name))
        case 7: return Value(.variable(name()))
        case 8: return Value(.string("", isBlock: next(2) == 0))
        case 9: return Value(.list((0..<next(4)).map { _ in value(depth: depth + 1) }))
        default: return Value(.object((0..<next(4)).map { _ in ObjectField(name: Name(name()), value: value(depth: depth + 1)) }))
        }
    }

    mutating func blockRaw() -> String {
        let pieces = ["a", " ", "  ", "\t", "\n", "\r\n", "\"", "\\", "\\\"\"\"", "é", "b c"]
        var raw = (0..<next(10)).map { _ in pieces[next(pieces.count)] }.joined()
        if raw.hasSuffix("\"") || raw.hasSuffix("\\") { raw += "x" }
        return raw
    }
}

extension Value {
    var stringValue: String? {
        if case .string(let string, _) = kind { string } else { nil }
    }
}
