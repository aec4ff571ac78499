import BuyflowCore
import GraphQLKit
import Testing
@testable import BuyflowWorkflow

struct VariableRow: Sendable, CustomTestStringConvertible {
    /// Where an expected diagnostic is: the first `marker` on a line of the YAML, or the
    /// place given for missing variables.
    enum Place: Sendable {
        case at(line: Int, marker: String)
        case missing
    }

    struct Expected: Sendable {
        var message: String
        var place: Place
        var suggestion: String? = nil
    }

    var name: String
    /// The step's `variables` mapping as YAML; `nil` when the step has none.
    var yaml: String?
    var expected: [Expected] = []
    var testDescription: String { name }
}

@Suite("VariableCheck")
struct VariableCheckTests {
    typealias Fixture = GraphQLChecksFixture

    /// Two required variables (and one with a default), then every kind of optional one.
    static let operation = """
        mutation V(
          $cartId: ID!, $note: String!, $size: Int! = 3,
          $input: CartInput, $lines: [CartLineInput!], $country: CountryCode, $first: Int, $ratio: Float,
          $flag: Boolean, $amount: Decimal, $url: URL, $meta: JSON, $ids: [ID!], $parent: CartLineParentInput
        ) { cartCreate { cart { id } } }
        """
    static let missingLocation = SourceLocation(file: "flow.yaml", line: 7, column: 5)
    static let required = "cartId: gid://shopify/Cart/1\nnote: hi\n"

    static let rows: [VariableRow] = [
        VariableRow(name: "the required ones", yaml: required),
        VariableRow(
            name: "every kind, valid",
            yaml: required + """
                size: 2
                input: {note: n, lines: [{merchandiseId: gid://shopify/ProductVariant/1, quantity: 2}], buyerIdentity: {countryCode: CA}}
                lines: [{merchandiseId: 7, quantity: 2.0}]
                country: CA
                first: -2147483648
                ratio: 1
                flag: false
                amount: "12.50"
                url: https://example.com
                meta: {anything: [1, 2, {deep: true}]}
                ids: [a, 2]
                """
        ),
        VariableRow(
            name: "templates: exactly one is unknown, inside text a string",
            yaml: required + """
                first: ${{ vars.count }}
                ratio: "  ${{ vars.ratio }}  "
                input: {lines: ["${{ line }}"], note: "${{ a }} and ${{ b }}"}
                size: "size ${{ vars.size }}"
                """,
            expected: [.init(message: "'size' expects Int (a 32-bit integer), found a string (\"size ${{ vars.size }}\")", place: .at(line: 6, marker: "\"size"))]
        ),
        VariableRow(
            name: "no variables at all", yaml: nil,
            expected: [
                .init(message: "missing required variable 'cartId' (ID!)", place: .missing),
                .init(message: "missing required variable 'note' (String!)", place: .missing),
            ]
        ),
        VariableRow(
            name: "an empty 'variables:'", yaml: "",
            expected: [
                .init(message: "missing required variable 'cartId' (ID!)", place: .missing),
                .init(message: "missing required variable 'note' (String!)", place: .missing),
            ]
        ),
        VariableRow(
            name: "a misspelt variable", yaml: "cartID: x\nnote: hi",
            expected: [
                .init(message: "the operation has no variable 'cartID'", place: .at(line: 1, marker: "cartID"), suggestion: "cartId"),
                .init(message: "missing required variable 'cartId'", place: .missing),
            ]
        ),
        VariableRow(
            name: "an unknown variable", yaml: required + "zzzzzz: 1",
            expected: [.init(message: "the operation has no variable 'zzzzzz'", place: .at(line: 3, marker: "zzzzzz"))]
        ),
        VariableRow(
            name: "null for a non-null variable", yaml: "cartId: null\nnote: ~",
            expected: [
                .init(message: "'cartId' must not be null (ID!)", place: .at(line: 1, marker: "null")),
                .init(message: "'note' must not be null (String!)", place: .at(line: 2, marker: "~")),
            ]
        ),
        VariableRow(
            name: "a missing required input field", yaml: required + "input: {lines: [{quantity: 2}]}",
            expected: [.init(
                message: "'input.lines[0]' is missing the required field 'merchandiseId' of CartLineInput (ID!)",
                place: .at(line: 3, marker: "{quantity")
            )]
        ),
        VariableRow(
            name: "a quoted word for an Int", yaml: required + "lines:\n  - merchandiseId: gid://x\n    quantity: \"two\"",
            expected: [.init(message: "'lines[0].quantity' expects Int (a 32-bit integer), found a string (\"two\")", place: .at(line: 5, marker: "\"two\""))]
        ),
        VariableRow(
            name: "a plain word for an Int", yaml: required + "first: two",
            expected: [.init(message: "'first' expects Int (a 32-bit integer), found a string (\"two\")", place: .at(line: 3, marker: "two"))]
        ),
        VariableRow(
            name: "an Int out of range", yaml: required + "first: 2147483648",
            expected: [.init(message: "'first' is out of range for Int (a 32-bit signed integer): 2147483648", place: .at(line: 3, marker: "2147483648"))]
        ),
        VariableRow(
            name: "a fraction for an Int", yaml: required + "first: 2.5",
            expected: [.init(message: "'first' expects Int (a 32-bit integer), found a number (2.5)", place: .at(line: 3, marker: "2.5"))]
        ),
        VariableRow(
            name: "a misspelt input field", yaml: required + "input:\n  lines:\n    - merchandiseId: a\n      quantty: 2",
            expected: [.init(message: "CartLineInput has no field 'quantty'", place: .at(line: 6, marker: "quantty"), suggestion: "quantity")]
        ),
        VariableRow(
            name: "an unknown field of a small input type", yaml: required + "parent: {lineId: a, zzzzzz: b}",
            expected: [.init(message: "CartLineParentInput has no field 'zzzzzz'", place: .at(line: 3, marker: "zzzzzz"))]
        ),
        VariableRow(
            name: "an enum value in lower case", yaml: required + "country: ca",
            expected: [.init(message: "'country' expects a CountryCode value, found 'ca'", place: .at(line: 3, marker: "ca"), suggestion: "CA")]
        ),
        VariableRow(
            name: "a nested enum value", yaml: required + "input: {buyerIdentity: {countryCode: Canada}}",
            expected: [.init(message: "'input.buyerIdentity.countryCode' expects a CountryCode value, found 'Canada'", place: .at(line: 3, marker: "Canada"))]
        ),
        VariableRow(
            name: "a number for an enum", yaml: required + "country: 12",
            expected: [.init(message: "'country' expects a CountryCode value, found an integer (12)", place: .at(line: 3, marker: "12"))]
        ),
        VariableRow(
            name: "an integer for a String", yaml: "cartId: 42\nnote: 123",
            expected: [.init(message: "'note' expects String, found an integer (123)", place: .at(line: 2, marker: "123"))]
        ),
        VariableRow(
            name: "a boolean for an ID", yaml: "cartId: true\nnote: hi",
            expected: [.init(message: "'cartId' expects ID (a string or an integer), found a boolean (true)", place: .at(line: 1, marker: "true"))]
        ),
        VariableRow(
            name: "a number for a Decimal", yaml: required + "amount: 12.50",
            expected: [.init(message: "'amount' expects Decimal (a string), found a number (12.50)", place: .at(line: 3, marker: "12.50"))]
        ),
        VariableRow(
            name: "a string for a Boolean", yaml: required + "flag: \"yes\"",
            expected: [.init(message: "'flag' expects Boolean (true or false), found a string (\"yes\")", place: .at(line: 3, marker: "\"yes\""))]
        ),
        VariableRow(name: "a single value where a list is expected", yaml: required + "lines: {merchandiseId: a}\nids: b"),
        VariableRow(
            name: "a single value where a list is expected, still checked", yaml: required + "lines: {quantity: 1}",
            expected: [.init(message: "'lines' is missing the required field 'merchandiseId' of CartLineInput", place: .at(line: 3, marker: "{"))]
        ),
        VariableRow(
            name: "a list item of the wrong type", yaml: required + "ids: [a, true, c]",
            expected: [.init(message: "'ids[1]' expects ID (a string or an integer), found a boolean (true)", place: .at(line: 3, marker: "true"))]
        ),
        VariableRow(
            name: "a scalar where an input object is expected", yaml: required + "input: a cart",
            expected: [.init(message: "'input' expects an input object (CartInput), found a string (\"a cart\")", place: .at(line: 3, marker: "a cart"))]
        ),
        VariableRow(
            name: "variables that are a list", yaml: "- cartId",
            expected: [.init(message: "'variables' must be a mapping of variable names to values, found a list", place: .at(line: 1, marker: "-"))]
        ),
        VariableRow(name: "variables that are one template", yaml: "${{ vars.all }}"),
    ]

    @Test("variables against the operation's definitions", arguments: rows)
    func check(_ row: VariableRow) {
        let check = VariableCheck(
            row.yaml.map { Fixture.yaml($0) }, definitions: Fixture.definitions(Self.operation),
            schema: Fixture.storefront, missingLocation: Self.missingLocation
        )
        #expect(check.diagnostics.count == row.expected.count, "\(check.diagnostics)")
        for (diagnostic, expected) in zip(check.diagnostics, row.expected) {
            #expect(diagnostic.code == VariableCheck.code)
            #expect(diagnostic.message.contains(expected.message), "\(diagnostic.message)")
            #expect(diagnostic.suggestion == expected.suggestion)
            switch expected.place {
            case .missing:
                #expect(diagnostic.location == Self.missingLocation)
            case .at(let line, let marker):
                #expect(diagnostic.location == Fixture.spot(of: marker, line: line, in: row.yaml ?? "", file: "vars.yaml"))
            }
        }
    }

    @Test("a oneOf input object takes exactly one field")
    func oneOf() throws {
        let schema = try Schema(sdl: """
            input Pick @oneOf { id: ID  handle: String }
            type Query { pick(by: Pick!): String }
            """)
        let definitions = Fixture.definitions("query($by: Pick!) { pick(by: $by) }")
        let one = VariableCheck(Fixture.yaml("by: {id: 1}"), definitions: definitions, schema: schema, missingLocation: Self.missingLocation)
        #expect(one.diagnostics.isEmpty)
        let two = VariableCheck(
            Fixture.yaml("by: {id: 1, handle: h}"), definitions: definitions, schema: schema, missingLocation: Self.missingLocation
        )
        #expect(two.diagnostics.map(\.message) == ["'by' must set exactly one field of Pick (it is @oneOf), found 2"])
    }

    @Test("a variable whose type the schema lacks is left to the validator")
    func unknownType() {
        let check = VariableCheck(
            Fixture.yaml("thing: 1"), definitions: Fixture.definitions("query($thing: Thingy) { shop { name } }"),
            schema: Fixture.storefront, missingLocation: Self.missingLocation
        )
        #expect(check.diagnostics.isEmpty)
    }

    @Test(
        "whole templates",
        arguments: [
            ("${{ a }}", true), ("  ${{ vars.qty }}\n", true), ("${{ \"}}\" }}", true), ("x ${{ a }}", false),
            ("${{ a }} y", false), ("${{ a }}${{ b }}", false), ("${{ a", false), ("", false), ("{{ a }}", false),
        ]
    )
    func wholeTemplate(_ text: String, _ whole: Bool) {
        #expect(TemplateText.isWholeTemplate(text) == whole)
    }
}
