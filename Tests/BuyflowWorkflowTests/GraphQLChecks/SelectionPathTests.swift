import BuyflowCore
import GraphQLKit
import Testing
@testable import BuyflowWorkflow

struct PathRow: Sendable, CustomTestStringConvertible {
    var operation: String
    var path: String
    /// The type at the end in GraphQL notation; `nil` when unknown.
    var type: String?
    /// A part of the message of the one error expected, its column on the path's line and
    /// its suggestion.
    var error: String? = nil
    var column = 0
    var suggestion: String? = nil
    var hint: String? = nil
    var testDescription: String { "\(operation): \(path.isEmpty ? "(root)" : path)" }
}

@Suite("SelectionPath")
struct SelectionPathTests {
    typealias Fixture = GraphQLChecksFixture

    static let operations: [String: String] = [
        "create": """
            mutation Create($input: CartInput) {
              cartCreate(input: $input) {
                cart {
                  id
                  totalQuantity
                  createdOn: createdAt
                  lines(first: 5) {
                    nodes {
                      id
                      ... on CartLine { quantity }
                      merchandise { ... on ProductVariant { id title } }
                    }
                  }
                  ...CartCost
                  buyerIdentity { countryCode }
                }
                userErrors { field message }
              }
            }
            fragment CartCost on Cart { cost { totalAmount { amount currencyCode } } }
            """,
        "submit": """
            mutation Submit($cartId: ID!, $token: String!) {
              cartSubmitForCompletion(cartId: $cartId, attemptToken: $token) {
                result {
                  __typename
                  ... on SubmitSuccess { attemptId }
                  ... on SubmitFailed { errors { code } }
                }
              }
            }
            """,
        "node": "query N($id: ID!) { node(id: $id) { __typename ... on Product { title handle } } }",
        "nodeInterface": "query N($id: ID!) { node(id: $id) { ...on Node { id } ... on BaseCartLine { quantity } } }",
    ]

    static let rows: [PathRow] = [
        // Fields, aliases, fragments.
        PathRow(operation: "create", path: "", type: "Mutation!"),
        PathRow(operation: "create", path: "cartCreate", type: "CartCreatePayload"),
        PathRow(operation: "create", path: "cartCreate.cart", type: "Cart"),
        PathRow(operation: "create", path: "cartCreate.cart.id", type: "ID!"),
        PathRow(operation: "create", path: "cartCreate.cart.totalQuantity", type: "Int!"),
        PathRow(operation: "create", path: "cartCreate.cart.createdOn", type: "DateTime!"),
        PathRow(operation: "create", path: "cartCreate.cart.cost.totalAmount.amount", type: "Decimal!"),
        PathRow(operation: "create", path: "cartCreate.cart.buyerIdentity.countryCode", type: "CountryCode"),
        PathRow(operation: "create", path: "cartCreate.userErrors", type: "[CartUserError!]!"),
        PathRow(operation: "create", path: "cartCreate.userErrors[0].message", type: "String!"),
        PathRow(operation: "create", path: "cartCreate.userErrors[0].field[1]", type: "String!"),
        PathRow(operation: "create", path: "cartCreate.cart.__typename", type: "String!"),
        // Lists and indexes.
        PathRow(operation: "create", path: "cartCreate.cart.lines.nodes[0].merchandise.id", type: "ID!"),
        PathRow(operation: "create", path: "cartCreate.cart.lines.nodes[0].merchandise.title", type: "String!"),
        PathRow(operation: "create", path: "cartCreate.cart.lines.nodes[0].quantity", type: "Int!"),
        PathRow(operation: "create", path: "cartCreate.cart.lines.nodes[*].id", type: "ID!"),
        PathRow(operation: "create", path: "cartCreate.cart.lines.nodes", type: "[BaseCartLine!]!"),
        PathRow(
            operation: "create", path: "cartCreate.cart.lines.nodes.id", type: nil,
            error: "'nodes' is a list; add an index such as nodes[0].id", column: 29
        ),
        PathRow(
            operation: "create", path: "cartCreate.cart.lines[0].nodes", type: nil,
            error: "'lines' is not a list (BaseCartLineConnection!); remove the index", column: 22
        ),
        PathRow(
            operation: "create", path: "cartCreate.userErrors[0].field[0][0]", type: nil,
            error: "'field[0]' is not a list (String!)", column: 34
        ),
        // Misspelt, unselected, aliased.
        PathRow(
            operation: "create", path: "cartCreate.cart.totalQantity", type: nil,
            error: "'totalQantity' is not selected on 'Cart'", column: 17, suggestion: "totalQuantity"
        ),
        PathRow(
            operation: "create", path: "cartCreat.cart", type: nil,
            error: "'cartCreat' is not selected on 'Mutation'", column: 1, suggestion: "cartCreate"
        ),
        PathRow(
            operation: "create", path: "cartCreate.cart.note", type: nil,
            error: "'note' is a field of Cart but the operation does not select it; add it to the selection set", column: 17
        ),
        PathRow(
            operation: "create", path: "cartCreate.cart.createdAt", type: nil,
            error: "'createdAt' is selected on 'Cart' under the alias 'createdOn'", column: 17, suggestion: "createdOn"
        ),
        PathRow(
            operation: "create", path: "cartCreate.cart.checkoutUrll", type: nil,
            error: "'checkoutUrll' is not selected on 'Cart'", column: 17,
            hint: "'checkoutUrl' is a field of Cart; add it to the selection set"
        ),
        PathRow(
            operation: "create", path: "cartCreate.cart.lines.pageInfo", type: nil,
            error: "'pageInfo' is a field of BaseCartLineConnection but the operation does not select it", column: 23
        ),
        // Leaf values.
        PathRow(
            operation: "create", path: "cartCreate.cart.totalQuantity.value", type: nil,
            error: "'totalQuantity' is of type Int! and has no member 'value'", column: 31
        ),
        PathRow(
            operation: "create", path: "cartCreate.cart.buyerIdentity.countryCode.name", type: nil,
            error: "'countryCode' is of type CountryCode and has no member 'name'", column: 43
        ),
        // Unions: a field of any branch that applies.
        PathRow(operation: "submit", path: "cartSubmitForCompletion.result.attemptId", type: "String!"),
        PathRow(operation: "submit", path: "cartSubmitForCompletion.result.__typename", type: "String!"),
        PathRow(operation: "submit", path: "cartSubmitForCompletion.result.errors[0].code", type: "SubmissionErrorCode!"),
        PathRow(
            operation: "submit", path: "cartSubmitForCompletion.result.atemptId", type: nil,
            error: "'atemptId' is not selected on 'CartSubmitForCompletionResult'", column: 32, suggestion: "attemptId"
        ),
        PathRow(
            operation: "submit", path: "cartSubmitForCompletion.result.redirectUrl", type: nil,
            error: "'redirectUrl' is a field of SubmitSuccess but the operation does not select it", column: 32,
            hint: "select it for that type: '... on SubmitSuccess { redirectUrl }'"
        ),
        PathRow(
            operation: "submit", path: "cartSubmitForCompletion.result.pollAfter", type: nil,
            error: "'pollAfter' is a field of SubmitThrottled but the operation does not select it", column: 32
        ),
        // Interfaces: inline fragments on objects and on interfaces.
        PathRow(operation: "node", path: "node.title", type: "String!"),
        PathRow(operation: "node", path: "node.__typename", type: "String!"),
        PathRow(
            operation: "node", path: "node.id", type: nil,
            error: "'id' is a field of Node but the operation does not select it", column: 6
        ),
        PathRow(
            operation: "node", path: "node.titel", type: nil, error: "'titel' is not selected on 'Node'", column: 6,
            suggestion: "title"
        ),
        PathRow(operation: "nodeInterface", path: "node.id", type: "ID!"),
        PathRow(operation: "nodeInterface", path: "node.quantity", type: "Int!"),
        // Dynamic keys and the root.
        PathRow(operation: "create", path: "cartCreate.cart[*]", type: nil),
        PathRow(operation: "create", path: "[0]", type: nil, error: "'data' is not a list (Mutation!)", column: 1),
    ]

    @Test("resolution through the selection set", arguments: rows)
    func resolve(_ row: PathRow) throws {
        let text = try #require(Self.operations[row.operation])
        let check = OperationCheck(text, expecting: nil, schema: Fixture.storefront, mapLocation: Fixture.offsetMapper)
        #expect(!check.hasErrors, "\(check.diagnostics)")
        let operation = try #require(check.operation)
        let document = try #require(check.document)
        let path = SelectionPath(
            Fixture.components(row.path), operation: operation, document: document, schema: Fixture.storefront
        )
        #expect(path.type.map { Fixture.storefront.describe($0) } == row.type)
        guard let error = row.error else {
            #expect(path.diagnostics.isEmpty, "\(path.diagnostics)")
            return
        }
        #expect(path.diagnostics.count == 1)
        let diagnostic = try #require(path.diagnostics.first)
        #expect(diagnostic.code == SelectionPath.code)
        #expect(diagnostic.message.contains(error), "\(diagnostic.message)")
        #expect(diagnostic.location == SourceLocation(file: "path.yaml", line: 1, column: row.column))
        #expect(diagnostic.suggestion == row.suggestion)
        if let hint = row.hint { #expect(diagnostic.hint == hint) }
    }

    static let jsonSchema = """
        scalar JSON
        type Query { settings: JSON  items: [Item!]! }
        type Item { data: JSON  tags: [JSON] }
        """

    @Test(
        "a JSON scalar stops the check, never its parents'",
        arguments: [
            ("settings.theme.colors[0]", nil, nil),
            ("items[0].data.anything[3].deeper", nil, nil),
            ("items[0].tags[0].x", nil, nil),
            ("items[0].tags", "[JSON]", nil),
            ("items.data", nil, "'items' is a list; add an index such as items[0].data"),
        ] as [(String, String?, String?)]
    )
    func opaqueScalar(_ path: String, _ type: String?, _ error: String?) throws {
        let schema = try Schema(sdl: Self.jsonSchema)
        let text = "{ settings items { data tags } }"
        let check = OperationCheck(text, expecting: .query, schema: schema, mapLocation: Fixture.offsetMapper)
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
        let resolved = SelectionPath(
            Fixture.components(path), operation: try #require(check.operation), document: try #require(check.document),
            schema: schema
        )
        #expect(resolved.type.map { schema.describe($0) } == type)
        #expect(resolved.diagnostics.map(\.message) == (error.map { [$0] } ?? []))
    }

    @Test("the path through a node step's built query")
    func nodeQueryPath() throws {
        let query = NodeQuery(
            typeName: "ProductVariant", select: "title\nprice { amount }",
            selectLocation: SourceLocation(file: "flow.yaml", line: 5, column: 13), mapSelect: Fixture.offsetMapper
        )
        let check = OperationCheck(query.text, expecting: .query, schema: Fixture.storefront, mapLocation: query.mapLocation)
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
        let path = SelectionPath(
            Fixture.components("node.price.amount"), operation: try #require(check.operation),
            document: try #require(check.document), schema: Fixture.storefront
        )
        #expect(path.type.map { Fixture.storefront.describe($0) } == "Decimal!")
    }
}
