import BuyflowCore
import GraphQLKit
import Testing
@testable import BuyflowWorkflow

@Suite("NodeCheck and NodeQuery")
struct NodeCheckTests {
    typealias Fixture = GraphQLChecksFixture

    static let asLocation = SourceLocation(file: "flow.yaml", line: 4, column: 9)
    static let selectLocation = SourceLocation(file: "flow.yaml", line: 5, column: 13)

    @Test(
        "the 'as' type",
        arguments: [
            ("Product", nil, nil),
            ("ProductVariant", nil, nil),
            ("Cart", nil, nil),
            ("BaseCartLine", nil, nil),
            ("Prodct", "unknown type 'Prodct'", "Product"),
            ("productvariant", "unknown type 'productvariant'", "ProductVariant"),
            ("Merchandise", "'Merchandise' is a union; 'as' needs an object type that implements Node", nil),
            ("CountryCode", "'CountryCode' is an enum; 'as' needs an object type that implements Node", nil),
            ("CartInput", "'CartInput' is an input object type; 'as' needs an object type that implements Node", nil),
            ("CartCost", "'CartCost' does not implement Node, so 'node(id:)' cannot return it", nil),
            ("Node", "'as' names the Node interface itself; name the type the node is expected to be", nil),
            ("Zzzzzzzzqq", "unknown type 'Zzzzzzzzqq'", nil),
        ] as [(String, String?, String?)]
    )
    func check(_ typeName: String, _ message: String?, _ suggestion: String?) {
        let diagnostics = NodeCheck.check(typeName: typeName, at: Self.asLocation, schema: Fixture.storefront)
        #expect(diagnostics.map(\.message) == (message.map { [$0] } ?? []))
        #expect(diagnostics.allSatisfy { $0.code == NodeCheck.code && $0.location == Self.asLocation })
        #expect(diagnostics.first?.suggestion == suggestion)
    }

    @Test("an unknown type without a close name lists types that implement Node")
    func unknownHint() throws {
        let diagnostic = try #require(NodeCheck.check(typeName: "Zzzzzzzzqq", at: Self.asLocation, schema: Fixture.storefront).first)
        #expect(diagnostic.hint?.hasPrefix("types that implement Node include '") == true, "\(diagnostic.hint ?? "")")
    }

    @Test("a schema without Node")
    func noNode() throws {
        let schema = try Schema(sdl: "type Query { shop: String }")
        let diagnostics = NodeCheck.check(typeName: "Product", at: Self.asLocation, schema: schema)
        #expect(diagnostics.map(\.message) == [
            "the schema has no 'Node' interface with a 'node(id:)' query field; 'node:' steps need both",
        ])
    }

    @Test("the built query text")
    func text() {
        let plain = NodeQuery(
            typeName: "Product", select: "title\nhandle", selectLocation: Self.selectLocation, mapSelect: Fixture.offsetMapper
        )
        #expect(plain.text == "query($id: ID!) { node(id: $id) { __typename ... on Product {\ntitle\nhandle\n} } }\n")
        let braced = NodeQuery(
            typeName: "Product", select: "  { title }\n", selectLocation: Self.selectLocation, mapSelect: Fixture.offsetMapper
        )
        #expect(braced.text == "query($id: ID!) { node(id: $id) { __typename ... on Product\n  { title }\n\n} }\n")
    }

    struct MappingRow: Sendable, CustomTestStringConvertible {
        var name: String
        var typeName: String
        var select: String
        /// The expected diagnostic's code and place; `nil` when the query is valid.
        var code: String?
        var location: BuyflowCore.SourceLocation?
        var testDescription: String { name }
    }

    static let mappingRows: [MappingRow] = [
        MappingRow(name: "valid", typeName: "Product", select: "title\nvariants(first: 1) { nodes { id } }"),
        MappingRow(name: "valid, braced", typeName: "ProductVariant", select: "{ title price { amount } }"),
        MappingRow(
            name: "a misspelt field on the select's second line", typeName: "Product", select: "title\n  hndle",
            code: ValidationRule.fieldsOnCorrectType.code,
            // select line 2, column 3 → through the offset mapper.
            location: SourceLocation(file: "flow.yaml", line: 12, column: 7)
        ),
        MappingRow(
            name: "a misspelt field in a braced select", typeName: "Product", select: "{\n  title\n  hndle\n}",
            code: ValidationRule.fieldsOnCorrectType.code, location: SourceLocation(file: "flow.yaml", line: 13, column: 7)
        ),
        MappingRow(
            name: "an unknown type goes to 'as'", typeName: "Prodct", select: "title",
            code: ValidationRule.knownTypeNames.code, location: asLocation
        ),
        MappingRow(
            name: "an empty select goes to the select's start", typeName: "Product", select: "",
            code: Parser.syntaxCode, location: selectLocation
        ),
    ]

    @Test("diagnostics of the built query point into the workflow", arguments: mappingRows)
    func mapping(_ row: MappingRow) {
        let query = NodeQuery(
            typeName: row.typeName, select: row.select, selectLocation: Self.selectLocation, typeLocation: Self.asLocation,
            mapSelect: Fixture.offsetMapper
        )
        let check = OperationCheck(query.text, expecting: .query, schema: Fixture.storefront, mapLocation: query.mapLocation)
        let errors = check.diagnostics.filter { $0.severity == .error }
        #expect(errors.first?.code == row.code, "\(check.diagnostics)")
        #expect(errors.first?.location == row.location)
    }

    @Test("the mapper: the select's lines, the type name, and the rest")
    func mapper() {
        let query = NodeQuery(
            typeName: "Product", select: "title\nhandle", selectLocation: Self.selectLocation, typeLocation: Self.asLocation,
            mapSelect: Fixture.offsetMapper
        )
        #expect(query.mapLocation(2, 1) == SourceLocation(file: "flow.yaml", line: 11, column: 5))
        #expect(query.mapLocation(3, 6) == SourceLocation(file: "flow.yaml", line: 12, column: 10))
        #expect(query.mapLocation(1, 53) == Self.asLocation)
        #expect(query.mapLocation(1, 59) == Self.asLocation)
        #expect(query.mapLocation(1, 60) == Self.selectLocation)
        #expect(query.mapLocation(1, 1) == Self.selectLocation)
        #expect(query.mapLocation(4, 1) == Self.selectLocation)
    }
}
