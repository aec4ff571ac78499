import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Nested lines and bundles")
struct BundleLineTests {
    static let lines = """
        lines(first: 20) { nodes { __typename id quantity merchandise { ... on ProductVariant { id } }
          cost { amountPerQuantity { amount } totalAmount { amount } }
          ... on CartLine { parentRelationship { parent { id } } instructions { canRemove } }
          ... on ComponentizableCartLine { lineComponents { id quantity merchandise { ... on ProductVariant { id } }
            cost { amountPerQuantity { amount } totalAmount { amount } } instructions { canRemove canUpdateQuantity } } } } }
        cost { subtotalAmount { amount } } totalQuantity
        """

    @Test("a parent by merchandiseId in the same call, by lineId later; children merge with their own kind")
    func nested() throws {
        let shop = try TestShop()
        // The child comes first in the input: lines without a parent are added first.
        let created = try shop.data("""
            mutation { cartCreate(input: {lines: [
              {merchandiseId: "gid://shopify/ProductVariant/16", parent: {merchandiseId: "gid://shopify/ProductVariant/1"}},
              {merchandiseId: "gid://shopify/ProductVariant/1"}]}) { cart { id \(Self.lines) } userErrors { code field } } }
            """)
        #expect(created.count("cartCreate.userErrors") == 0)
        let cart = try #require(created.string("cartCreate.cart.id"))
        let sneaker = try #require(created.string("cartCreate.cart.lines.nodes[0].id"))
        #expect(created.string("cartCreate.cart.lines.nodes[1].merchandise.id") == "gid://shopify/ProductVariant/16")
        #expect(created.string("cartCreate.cart.lines.nodes[1].parentRelationship.parent.id") == sneaker)
        #expect(created.at("cartCreate.cart.lines.nodes[0].parentRelationship") == .null)

        // The same variant without a parent is a line of its own; with the same parent it merges.
        let added = try shop.data("""
            mutation($c: ID!, $p: ID!) { cartLinesAdd(cartId: $c, lines: [
              {merchandiseId: "gid://shopify/ProductVariant/16", quantity: 2},
              {merchandiseId: "gid://shopify/ProductVariant/16", parent: {lineId: $p}}]) { cart { \(Self.lines) } userErrors { code } } }
            """, variables: ["c": .string(cart), "p": .string(sneaker)])
        #expect(added.count("cartLinesAdd.cart.lines.nodes") == 3)
        #expect(added.int("cartLinesAdd.cart.lines.nodes[1].quantity") == 2)
        #expect(added.int("cartLinesAdd.cart.lines.nodes[2].quantity") == 2)
        #expect(added.at("cartLinesAdd.cart.lines.nodes[2].parentRelationship") == .null)
        #expect(added.string("cartLinesAdd.cart.cost.subtotalAmount.amount") == "115.00")

        // Removing the parent removes its nested line.
        let removed = try shop.data("""
            mutation($c: ID!, $p: ID!) { cartLinesRemove(cartId: $c, lineIds: [$p]) { cart { \(Self.lines) } userErrors { code } } }
            """, variables: ["c": .string(cart), "p": .string(sneaker)])
        #expect(removed.count("cartLinesRemove.cart.lines.nodes") == 1)
        #expect(removed.string("cartLinesRemove.cart.cost.subtotalAmount.amount") == "13.00")
    }

    @Test("bad parents", arguments: [
        ("{lineId: \"gid://shopify/CartLine/99\"}", "PARENT_LINE_NOT_FOUND", "lineId"),
        ("{merchandiseId: \"gid://shopify/ProductVariant/1\"}", "PARENT_LINE_INVALID_REFERENCE", "merchandiseId"),
        ("{merchandiseId: \"gid://shopify/ProductVariant/2\"}", "PARENT_LINE_NOT_FOUND", "merchandiseId"),
        ("{lineId: \"$child\"}", "PARENT_LINE_NESTING_TOO_DEEP", nil),
        ("{lineId: \"$kit\"}", "BUNDLES_AND_ADDONS_CANNOT_BE_MIXED", nil),
    ] as [(String, String, String?)])
    func badParents(parent: String, code: String, member: String?) throws {
        let shop = try TestShop()
        let created = try shop.data("""
            mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1"},
              {merchandiseId: "gid://shopify/ProductVariant/15", parent: {merchandiseId: "gid://shopify/ProductVariant/1"}},
              {merchandiseId: "gid://shopify/ProductVariant/14"}]}) { cart { id lines(first: 5) { nodes { id } } } } }
            """)
        let cart = try #require(created.string("cartCreate.cart.id"))
        let child = try #require(created.string("cartCreate.cart.lines.nodes[2].id"))
        let kit = try #require(created.string("cartCreate.cart.lines.nodes[1].id"), "lines without a parent come first")
        let text = parent.replacing("$child", with: child).replacing("$kit", with: kit)
        let data = try shop.data("""
            mutation($c: ID!) { cartLinesAdd(cartId: $c, lines: [{merchandiseId: "gid://shopify/ProductVariant/6", parent: \(text)}]) {
              cart { totalQuantity } userErrors { code field } } }
            """, variables: ["c": .string(cart)])
        #expect(data.string("cartLinesAdd.userErrors[0].code") == code)
        let field: JSONValue = .array((["lines", "0", "parent"] + (member.map { [$0] } ?? [])).map(JSONValue.string))
        #expect(data.at("cartLinesAdd.userErrors[0].field") == field)
        #expect(data.int("cartLinesAdd.cart.totalQuantity") == 3)
    }

    @Test("a bundle variant is a ComponentizableCartLine whose components share its price")
    func bundle() throws {
        let shop = try TestShop()
        let created = try shop.data("""
            mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/14", quantity: 2}]}) { cart { id \(Self.lines) } } }
            """)
        let line = try #require(created.at("cartCreate.cart.lines.nodes[0]"))
        #expect(line.string("__typename") == "ComponentizableCartLine")
        #expect(line.string("cost.totalAmount.amount") == "49.98")
        #expect(line.count("lineComponents") == 2)
        // 24.99 shared as 12.00 : 6.50 → 16.21 (half up) and 8.78 (the rest).
        #expect(line.string("lineComponents[0].merchandise.id") == "gid://shopify/ProductVariant/6")
        #expect(line.int("lineComponents[0].quantity") == 2)
        #expect(line.string("lineComponents[0].cost.amountPerQuantity.amount") == "16.21")
        #expect(line.string("lineComponents[0].cost.totalAmount.amount") == "32.42")
        #expect(line.string("lineComponents[1].merchandise.id") == "gid://shopify/ProductVariant/16")
        #expect(line.string("lineComponents[1].cost.amountPerQuantity.amount") == "8.78")
        #expect(line.string("lineComponents[1].cost.totalAmount.amount") == "17.56")
        #expect(line.bool("lineComponents[0].instructions.canRemove") == false)
        #expect(line.string("lineComponents[0].id")?.hasPrefix("gid://shopify/CartLine/1-1?cart=") == true)
        #expect(created.int("cartCreate.cart.totalQuantity") == 2)
        let id = try #require(line.string("id"))
        let node = try shop.data("query($id: ID!) { node(id: $id) { __typename } }", variables: ["id": .string(id)])
        #expect(node.string("node.__typename") == "ComponentizableCartLine")
    }
}
