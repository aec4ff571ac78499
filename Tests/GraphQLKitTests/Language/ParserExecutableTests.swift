import BuyflowCore
import GraphQLKit
import Testing

@Suite("Parser: executable documents")
struct ParserExecutableTests {
    @Test func operationWithEveryPart() throws {
        let document = try Parser.parse("""
            query Q($id: ID! = "x" @v, $list: [Int]) @op(a: 1) {
              alias: f(a: 1, b: $id) @skip(if: true) { g }
              ...F @spread
              ... on T { h }
              ... @include(if: $c) { i }
            }
            """)
        let expected = Document(definitions: [
            .operation(OperationDefinition(
                operation: .query, name: Name("Q"),
                variableDefinitions: [
                    VariableDefinition(
                        variable: Name("id"), type: .nonNull(.named(Name("ID")), location: .synthesized),
                        defaultValue: Value(.string("x", isBlock: false)), directives: [Directive(name: Name("v"))]
                    ),
                    VariableDefinition(variable: Name("list"), type: .list(.named(Name("Int")), location: .synthesized)),
                ],
                directives: [Directive(name: Name("op"), arguments: [Argument(name: Name("a"), value: Value(.int("1")))])],
                selectionSet: SelectionSet([
                    .field(Field(
                        alias: Name("alias"), name: Name("f"),
                        arguments: [
                            Argument(name: Name("a"), value: Value(.int("1"))),
                            Argument(name: Name("b"), value: Value(.variable("id"))),
                        ],
                        directives: [Directive(name: Name("skip"), arguments: [Argument(name: Name("if"), value: Value(.boolean(true)))])],
                        selectionSet: SelectionSet([.field(Field(name: Name("g")))])
                    )),
                    .fragmentSpread(FragmentSpread(name: Name("F"), directives: [Directive(name: Name("spread"))])),
                    .inlineFragment(InlineFragment(typeCondition: Name("T"), selectionSet: SelectionSet([.field(Field(name: Name("h")))]))),
                    .inlineFragment(InlineFragment(
                        directives: [Directive(name: Name("include"), arguments: [Argument(name: Name("if"), value: Value(.variable("c")))])],
                        selectionSet: SelectionSet([.field(Field(name: Name("i")))])
                    )),
                ])
            )),
        ])
        #expect(document == expected)
    }

    @Test func shorthandQuery() throws {
        let short = try Parser.parse("{ a }")
        let long = try Parser.parse("query { a }")
        #expect(short.operations.first?.isShorthand == true)
        #expect(long.operations.first?.isShorthand == false)
        #expect(short.operations.first?.operation == .query)
        // The keyword is layout, like locations: the two mean the same.
        #expect(short == long)
        #expect(short.hashValue == long.hashValue)
    }

    @Test(arguments: [
        ("query", OperationType.query), ("mutation", .mutation), ("subscription", .subscription),
    ])
    func operationTypes(keyword: String, type: OperationType) throws {
        let document = try Parser.parse("\(keyword) Name { a }")
        #expect(document.operations.map(\.operation) == [type])
        #expect(document.operations.first?.name?.value == "Name")
        let anonymous = try Parser.parse("\(keyword) { a }")
        #expect(anonymous.operations.first?.name == nil)
    }

    @Test func fragmentDefinition() throws {
        let document = try Parser.parse("fragment F on Product @d(x: [1]) { id ...G }")
        #expect(document.definitions == [
            .fragment(FragmentDefinition(
                name: Name("F"), typeCondition: Name("Product"),
                directives: [Directive(name: Name("d"), arguments: [Argument(name: Name("x"), value: Value(.list([Value(.int("1"))])))])],
                selectionSet: SelectionSet([.field(Field(name: Name("id"))), .fragmentSpread(FragmentSpread(name: Name("G")))])
            )),
        ])
    }

    @Test func legacyFragmentVariables() throws {
        let source = "fragment F($a: Int = 1) on T { f(a: $a) }"
        #expect(throws: Diagnostic.self) { try Parser.parse(source) }
        let document = try Parser.parse(source, options: ParseOptions(allowLegacyFragmentVariables: true))
        let fragment = try #require(document.fragments.first)
        #expect(fragment.variableDefinitions.map(\.variable.value) == ["a"])
        #expect(fragment.variableDefinitions.first?.defaultValue == Value(.int("1")))
        #expect(try Parser.parse(Printer.print(document), options: ParseOptions(allowLegacyFragmentVariables: true)) == document)
    }

    @Test func keywordsAreOrdinaryNames() throws {
        let document = try Parser.parse("""
            { query mutation subscription fragment on type schema extend true: false null: null(on: on) ... on on { on } }
            fragment fragmentName on on { on }
            """)
        let fields = document.operations[0].selectionSet.selections.compactMap { selection -> String? in
            if case .field(let field) = selection { field.responseKey } else { nil }
        }
        #expect(fields == ["query", "mutation", "subscription", "fragment", "on", "type", "schema", "extend", "true", "null"])
        #expect(document.fragments.first?.typeCondition.value == "on")
    }

    @Test func deferAndStreamAreDirectives() throws {
        let document = try Parser.parse("""
            { ...F @defer(label: "f", if: $d) items @stream(initialCount: 2) { id } ... @defer { slow } }
            """)
        let selections = document.operations[0].selectionSet.selections
        #expect(selections.map { $0.directives.map(\.name.value) } == [["defer"], ["stream"], ["defer"]])
    }

    @Test func executableDescriptions() throws {
        let document = try Parser.parse(try LanguageFixtures.document("executable-descriptions.graphql"))
        let cart = try #require(document.operation(named: "Cart"))
        #expect(cart.description == StringValue("Fetches a cart."))
        #expect(cart.variableDefinitions.map(\.description) == [
            StringValue("The cart's ID."), StringValue("How many lines to fetch.", isBlock: true), nil,
        ])
        #expect(document.fragment(named: "Merchandise")?.description == StringValue("A cart line's merchandise.", isBlock: true))
        let anonymous = document.operations[1]
        #expect(anonymous.name == nil && anonymous.description?.value.hasPrefix("An anonymous query") == true)
    }

    @Test func documentLookups() throws {
        let single = try Parser.parse("query Only { a } fragment F on T { b }", path: "only.graphql")
        #expect(single.operation(named: nil)?.name?.value == "Only")
        #expect(single.operation(named: "Only") != nil)
        #expect(single.operation(named: "Other") == nil)
        #expect(single.fragment(named: "F")?.typeCondition.value == "T")
        #expect(single.fragment(named: "G") == nil)
        let fragment = try #require(single.fragment(named: "F"))
        #expect(single.sourceLocation(of: fragment.location) == SourceLocation(file: "only.graphql", line: 1, column: 18))
        let several = try Parser.parse("query A { a } query B { b }")
        #expect(several.operation(named: nil) == nil)
        #expect(several.operation(named: "B")?.location.description == "1:15")
    }

    // MARK: - Values

    @Test(arguments: [
        ("0", Value.Kind.int("0")),
        ("-42", .int("-42")),
        ("9007199254740993", .int("9007199254740993")),
        ("1.50", .float("1.50")),
        ("-6.02E+23", .float("-6.02E+23")),
        ("\"text\"", .string("text", isBlock: false)),
        ("\"\\u00e9\\n\"", .string("é\n", isBlock: false)),
        ("\"\"\"\n  block\n\"\"\"", .string("block", isBlock: true)),
        ("true", .boolean(true)),
        ("false", .boolean(false)),
        ("null", .null),
        ("USD", .enumValue("USD")),
        ("$cartId", .variable("cartId")),
        ("[]", .list([])),
        ("[1, \"a\", [B]]", .list([Value(.int("1")), Value(.string("a", isBlock: false)), Value(.list([Value(.enumValue("B"))]))])),
        ("{}", .object([])),
        ("{a: 1, b: {c: $v}}", .object([
            ObjectField(name: Name("a"), value: Value(.int("1"))),
            ObjectField(name: Name("b"), value: Value(.object([ObjectField(name: Name("c"), value: Value(.variable("v")))]))),
        ])),
        ("  # comment\n [ 1 ,, 2 ] ", .list([Value(.int("1")), Value(.int("2"))])),
    ])
    func value(source: String, kind: Value.Kind) throws {
        #expect(try Parser.parseValue(source).kind == kind)
        if Value(kind).isConstant {
            #expect(try Parser.parseConstValue(source).kind == kind)
        } else {
            #expect(throws: Diagnostic.self) { try Parser.parseConstValue(source) }
        }
    }

    @Test func constValueForIntrospectionDefaults() throws {
        let value = try Parser.parseConstValue("{first: 10, reverse: false, sortKey: ID, query: \"tag:sale\"}")
        #expect(value.isConstant)
        guard case .object(let fields) = value.kind else { Issue.record("not an object"); return }
        #expect(fields.map(\.name.value) == ["first", "reverse", "sortKey", "query"])
        let error = #expect(throws: Diagnostic.self) { try Parser.parseConstValue("[1, {a: $b}]", path: "default") }
        #expect(error?.message == "unexpected variable '$b' in a constant value")
        #expect(error?.location == SourceLocation(file: "default", line: 1, column: 9))
    }

    @Test(arguments: ["", "1 2", "{a: 1} x", "[1", "$", "a: 1"])
    func invalidValue(source: String) {
        #expect(throws: Diagnostic.self) { try Parser.parseValue(source) }
    }

    @Test func valueMustEndTheSource() {
        let error = #expect(throws: Diagnostic.self) { try Parser.parseValue("1 2") }
        #expect(error?.message == "expected <EOF>, found Int \"2\"")
    }

    // MARK: - Types

    @Test(arguments: ["Int", "Int!", "[Int]", "[Int!]", "[Int]!", "[Int!]!", "[[CartLineInput!]!]", "[[[A]]]!"])
    func typeReference(source: String) throws {
        let type = try Parser.parseType(source)
        #expect(type.description == source)
        #expect(Printer.print(type) == source)
        #expect(type.namedType.value == source.filter { $0.isLetter })
    }

    @Test func typeReferenceShape() throws {
        let type = try Parser.parseType(" [ Int ! ] ! ")
        #expect(type == .nonNull(.list(.nonNull(.named(Name("Int")), location: .synthesized), location: .synthesized), location: .synthesized))
        #expect(type.location.column == 2)
        #expect(type.location.start == 1 && type.location.end == 12)
        #expect(type.isNonNull)
    }

    @Test(arguments: [
        ("", "expected a type, found <EOF>"),
        ("!", "expected a type, found '!'"),
        ("[Int", "expected ']', found <EOF>"),
        ("Int!!", "unexpected '!'"),
        ("Int Int", "expected <EOF>, found Name \"Int\""),
        ("[]", "expected a type, found ']'"),
    ])
    func invalidType(source: String, message: String) {
        let error = #expect(throws: Diagnostic.self) { try Parser.parseType(source) }
        #expect(error?.message == message)
    }

    // MARK: - Locations

    @Test func locations() throws {
        let source = """
            query Cart($id: ID!) {
              cart(id: $id) {
                lines { ...Line }
              }
            }
            """
        let document = try Parser.parse(source, path: "cart.graphql")
        let operation = try #require(document.operations.first)
        #expect(operation.location == Location(start: 0, end: source.utf8.count, line: 1, column: 1))
        #expect(operation.location.start == 0 && operation.location.end == Int32(source.utf8.count))
        #expect(operation.name?.location.description == "1:7")
        let variable = operation.variableDefinitions[0]
        #expect(variable.location.description == "1:12")
        #expect(variable.variable.location.description == "1:12")  // the '$'
        #expect(variable.variable.location.end == 14)
        #expect(variable.type.location.description == "1:17")
        #expect(variable.type.location.end == 19)
        #expect(operation.selectionSet.location.description == "1:22")
        guard case .field(let cart) = operation.selectionSet.selections[0] else { Issue.record(); return }
        #expect(cart.location.description == "2:3")
        #expect(cart.arguments[0].location.description == "2:8")
        #expect(cart.arguments[0].value.location.description == "2:12")
        guard case .field(let lines) = cart.selectionSet!.selections[0],
              case .fragmentSpread(let spread) = lines.selectionSet!.selections[0]
        else { Issue.record(); return }
        #expect(lines.location.description == "3:5")
        #expect(spread.location.description == "3:13")
        #expect(spread.name.location.description == "3:16")
        #expect(document.sourceLocation(of: spread.location) == SourceLocation(file: "cart.graphql", line: 3, column: 13))
        #expect(document.path == "cart.graphql")
    }

    @Test func locationsCountUnicodeScalars() throws {
        let document = try Parser.parse("{ a(b: \"é😀\", c: 1) }")
        guard case .field(let field) = document.operations[0].selectionSet.selections[0] else { Issue.record(); return }
        #expect(field.arguments[1].location.description == "1:14")
        #expect(field.arguments[1].location.start == 17)
    }

    // MARK: - Kitchen sink

    @Test func kitchenSink() throws {
        let document = try Parser.parse(try LanguageFixtures.document("kitchen-sink.graphql"), path: "kitchen-sink.graphql")
        #expect(document.definitions.count == 9)
        #expect(document.operations.map { $0.name?.value ?? "-" } == [
            "CartPage", "AddLines", "OnCartChanged", "Literals", "-", "-", "-", "Streamed",
        ])
        #expect(document.operations.map(\.isShorthand) == [false, false, false, false, false, false, true, false])
        #expect(document.fragments.map(\.name.value) == ["CartLine"])

        let page = try #require(document.operation(named: "CartPage"))
        #expect(page.location.description == "2:1")
        #expect(page.variableDefinitions.map(\.variable.value) == ["cartId", "first", "country", "withLines"])
        #expect(page.variableDefinitions.map(\.type.description) == ["ID!", "Int", "CountryCode", "Boolean!"])
        #expect(page.variableDefinitions[1].defaultValue == Value(.int("10")))
        #expect(page.variableDefinitions[2].directives.map(\.name.value) == ["deprecated"])
        #expect(page.directives.map(\.name.value) == ["inContext"])

        let literals = try #require(document.operation(named: "Literals"))
        guard case .field(let values) = literals.selectionSet.selections[0] else { Issue.record(); return }
        let arguments = Dictionary(uniqueKeysWithValues: values.arguments.map { ($0.name.value, $0.value.kind) })
        #expect(arguments["big"] == .int("9007199254740993"))
        #expect(arguments["zero"] == .float("-0.0"))
        #expect(arguments["negativeExponent"] == .float("-1.0E-10"))
        #expect(arguments["string"] == .string("tab\there \"quoted\" \\ slash/ é 😀 😀 \u{8}\u{C}\r\n", isBlock: false))
        #expect(arguments["raw"] == .string("café ☕ 😀", isBlock: false))
        #expect(arguments["block"] == .string("Hello,\n  indented\nworld \"\"\" done", isBlock: true))
        #expect(arguments["enum"] == .enumValue("ENUM_VALUE"))
        #expect(arguments["listOfVariables"] == .list([Value(.variable("a")), Value(.variable("b"))]))
        #expect(values.location.description == "51:3")
        #expect(literals.selectionSet.selections.count == 5)
    }
}
