import BuyflowCore
import GraphQLKit
import Testing
@testable import BuyflowWorkflow

/// One expected diagnostic: its code, severity, place (the first `marker` on `line` of the
/// GraphQL text, mapped) and a part of its message.
struct ExpectedDiagnostic: Sendable {
    var code: String
    var severity: Severity = .error
    var line: Int
    var marker: String
    var message: String
    var suggestion: String? = nil
}

struct OperationRow: Sendable, CustomTestStringConvertible {
    var name: String
    var kind: OperationType?
    var text: String
    var expected: [ExpectedDiagnostic]
    var hasOperation = true
    var testDescription: String { name }
}

@Suite("OperationCheck")
struct OperationCheckTests {
    typealias Fixture = GraphQLChecksFixture

    static let rows: [OperationRow] = [
        OperationRow(name: "a valid query", kind: .query, text: "query Shop {\n  shop { name }\n}", expected: []),
        OperationRow(
            name: "a valid mutation with an alias and a fragment", kind: .mutation,
            text: """
                mutation Create($input: CartInput) {
                  cartCreate(input: $input) { made: cart { ...Lines } }
                }
                fragment Lines on Cart { lines(first: 2) { nodes { id } } }
                """,
            expected: []
        ),
        OperationRow(name: "either kind under 'operation:'", kind: nil, text: "mutation { cartCreate { cart { id } } }", expected: []),
        OperationRow(
            name: "a query under 'mutation:'", kind: .mutation, text: "query Shop {\n  shop { name }\n}",
            expected: [.init(code: OperationCheck.code, line: 1, marker: "query", message: "'mutation:' holds a query, not a mutation")]
        ),
        OperationRow(
            name: "a mutation under 'query:'", kind: .query, text: "\n  mutation { cartCreate { cart { id } } }",
            expected: [.init(code: OperationCheck.code, line: 2, marker: "mutation", message: "'query:' holds a mutation, not a query")]
        ),
        OperationRow(
            name: "a shorthand query under 'mutation:'", kind: .mutation, text: "{ shop { name } }",
            expected: [.init(code: OperationCheck.code, line: 1, marker: "{", message: "'mutation:' holds '{ … }' (a query)")]
        ),
        OperationRow(
            name: "a subscription", kind: nil, text: "subscription { shop { name } }",
            expected: [.init(code: OperationCheck.code, line: 1, marker: "subscription", message: "workflow steps run queries and mutations only")]
        ),
        OperationRow(
            name: "two operations", kind: .query, text: "query A { shop { name } }\nquery B { shop { name } }",
            expected: [.init(code: OperationCheck.code, line: 2, marker: "query B", message: "'query:' holds 2 operations; a step runs exactly one")],
            hasOperation: false
        ),
        OperationRow(
            name: "only a fragment", kind: .query, text: "fragment F on Shop { name }",
            expected: [.init(code: OperationCheck.code, line: 1, marker: "fragment", message: "'query:' holds no operation, only fragments")],
            hasOperation: false
        ),
        OperationRow(
            name: "a syntax error", kind: .query, text: "query {\n  shop { name }\n  cart(id: ) { id }\n}",
            expected: [.init(code: Parser.syntaxCode, line: 3, marker: ")", message: "expected")],
            hasOperation: false
        ),
        OperationRow(
            name: "a misspelt field", kind: .query, text: "query {\n  shop {\n    nme\n  }\n}",
            expected: [.init(code: ValidationRule.fieldsOnCorrectType.code, line: 3, marker: "nme", message: "'nme'", suggestion: "name")]
        ),
        OperationRow(
            name: "a missing required argument", kind: .query, text: "query {\n  cart { id }\n}",
            expected: [.init(code: ValidationRule.providedRequiredArguments.code, line: 2, marker: "cart", message: "id")]
        ),
        OperationRow(
            name: "an undefined variable", kind: .query, text: "query {\n  cart(id: $cart) { id }\n}",
            expected: [.init(code: ValidationRule.noUndefinedVariables.code, line: 2, marker: "$cart", message: "cart")]
        ),
        OperationRow(
            name: "a deprecated field stays a warning", kind: .query,
            text: "query($id: ID!) {\n  cart(id: $id) {\n    cost { totalTaxAmount { amount } }\n  }\n}",
            expected: [.init(code: Validator.deprecatedCode, severity: .warning, line: 3, marker: "totalTaxAmount", message: "totalTaxAmount")]
        ),
        OperationRow(
            name: "a kind mismatch and a validation error together", kind: .mutation, text: "query {\n  shop { nme }\n}",
            expected: [
                .init(code: OperationCheck.code, line: 1, marker: "query", message: "'mutation:' holds a query"),
                .init(code: ValidationRule.fieldsOnCorrectType.code, line: 2, marker: "nme", message: "'nme'", suggestion: "name"),
            ]
        ),
    ]

    @Test("diagnostics, codes and mapped places", arguments: rows)
    func check(_ row: OperationRow) {
        let check = OperationCheck(row.text, expecting: row.kind, schema: Fixture.storefront, mapLocation: Fixture.offsetMapper)
        #expect(check.diagnostics.count == row.expected.count, "\(check.diagnostics)")
        for (diagnostic, expected) in zip(check.diagnostics, row.expected) {
            #expect(diagnostic.code == expected.code)
            #expect(diagnostic.severity == expected.severity)
            #expect(diagnostic.message.contains(expected.message), "\(diagnostic.message)")
            #expect(diagnostic.location == Fixture.mapped(expected.marker, line: expected.line, in: row.text))
            #expect(diagnostic.suggestion == expected.suggestion)
        }
        #expect((check.operation != nil) == row.hasOperation)
        #expect(check.hasErrors == row.expected.contains { $0.severity == .error })
    }

    @Test("the mapper's arithmetic: text line 3, column 5 is file line 13, column 9")
    func arithmetic() throws {
        let check = OperationCheck("query {\n  shop {\n    nme\n  }\n}", expecting: .query, schema: Fixture.storefront, mapLocation: Fixture.offsetMapper)
        let location = try #require(check.diagnostics.first?.location)
        #expect(location == SourceLocation(file: "flow.yaml", line: 13, column: 9))
    }

    @Test("the notes of two operations point at both, mapped")
    func operationNotes() throws {
        let text = "query A { shop { name } }\n  query B { shop { name } }"
        let check = OperationCheck(text, expecting: .query, schema: Fixture.storefront, mapLocation: Fixture.offsetMapper)
        let diagnostic = try #require(check.diagnostics.first)
        #expect(diagnostic.notes.map(\.message) == ["operation 'A' is here", "operation 'B' is here"])
        #expect(diagnostic.notes.map(\.location) == [
            SourceLocation(file: "flow.yaml", line: 11, column: 5), SourceLocation(file: "flow.yaml", line: 12, column: 7),
        ])
    }

    @Test("validation notes are mapped too")
    func validationNotes() throws {
        let text = "query($id: ID!, $id: ID!) {\n  cart(id: $id) { id }\n}"
        let check = OperationCheck(text, expecting: .query, schema: Fixture.storefront, mapLocation: Fixture.offsetMapper)
        let diagnostic = try #require(check.diagnostics.first { $0.code == ValidationRule.uniqueVariableNames.code })
        let notes = diagnostic.notes.compactMap(\.location)
        #expect(!notes.isEmpty)
        #expect(notes.allSatisfy { $0.file == "flow.yaml" && $0.line == 11 })
    }

    @Test("the parser's 'opened at' hint names the place in the workflow file")
    func unclosedHint() throws {
        let text = "query {\n  shop { name }\n  cart(id: \"x\") {\n    id\n"
        let check = OperationCheck(text, expecting: .query, schema: Fixture.storefront, mapLocation: Fixture.offsetMapper)
        let diagnostic = try #require(check.diagnostics.first)
        #expect(diagnostic.code == Parser.syntaxCode)
        #expect(diagnostic.hint?.contains("opened at 13:21") == true, "\(diagnostic.hint ?? "no hint")")
    }

    static let shared = """
        # fragments shared by every step
        fragment LineFields on BaseCartLine {
          id
          quantity
          merchandise { ... on ProductVariant { id titel } }
        }
        fragment Unused on Shop { name }
        fragment CartFields on Cart { id lines(first: 5) { nodes { ...LineFields } } }
        """

    @Test("fragments from documents files are used, and located in their own file")
    func documentsFragments() throws {
        let documents = [
            try Parser.parse("fragment Other on Shop { name }", path: "other.graphql"),
            try Parser.parse(Self.shared, path: "shared.graphql"),
        ]
        let text = "query($id: ID!) {\n  cart(id: $id) { ...CartFields }\n}"
        let check = OperationCheck(
            text, expecting: .query, schema: Fixture.storefront, documents: documents, mapLocation: Fixture.offsetMapper
        )
        #expect(check.diagnostics.count == 1, "\(check.diagnostics)")
        let diagnostic = try #require(check.diagnostics.first)
        #expect(diagnostic.code == ValidationRule.fieldsOnCorrectType.code)
        #expect(diagnostic.suggestion == "title")
        #expect(diagnostic.location == Fixture.spot(of: "titel", line: 5, in: Self.shared, file: "shared.graphql"))
        // Only the fragments the operation needs joined it: no "unused fragment" error.
        #expect(check.document?.fragments.map(\.name.value) == ["CartFields", "LineFields"])
    }

    @Test("a fragment the operation defines itself wins over a documents file's")
    func ownFragmentWins() throws {
        let documents = [try Parser.parse(Self.shared, path: "shared.graphql")]
        let text = "query($id: ID!) {\n  cart(id: $id) { ...CartFields }\n}\nfragment CartFields on Cart { id }"
        let check = OperationCheck(
            text, expecting: .query, schema: Fixture.storefront, documents: documents, mapLocation: Fixture.offsetMapper
        )
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
        #expect(check.document?.fragments.count == 1)
    }

    @Test("an unknown fragment is reported at the spread")
    func unknownFragment() throws {
        let text = "query($id: ID!) {\n  cart(id: $id) { ...CartFeilds }\n}"
        let documents = [try Parser.parse(Self.shared, path: "shared.graphql")]
        let check = OperationCheck(
            text, expecting: .query, schema: Fixture.storefront, documents: documents, mapLocation: Fixture.offsetMapper
        )
        let diagnostic = try #require(check.diagnostics.first)
        #expect(diagnostic.code == ValidationRule.knownFragmentNames.code)
        #expect(diagnostic.location == Fixture.mapped("CartFeilds", line: 2, in: text))
    }
}
