import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Cart metafields")
struct CartMetafieldTests {
    static let set = """
        mutation($m: [CartMetafieldsSetInput!]!) { cartMetafieldsSet(metafields: $m) {
          metafields { id namespace key type value } userErrors { code elementIndex field message } } }
        """

    static func input(_ cart: String, _ key: String, _ type: String, _ value: String) -> JSONValue {
        ["ownerId": .string(cart), "key": .string(key), "type": .string(type), "value": .string(value)]
    }

    @Test("set, read back by namespace and key, update, delete")
    func lifecycle() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)], extra: ", metafields: [{key: \"custom.source\", type: \"single_line_text_field\", value: \"ad\"}]")
        let set = try shop.data(Self.set, variables: ["m": [
            Self.input(cart, "custom.gift_message", "single_line_text_field", "Happy birthday"),
            Self.input(cart, "wrap", "boolean", "true"),
        ]])
        #expect(set.count("cartMetafieldsSet.userErrors") == 0)
        #expect(set.string("cartMetafieldsSet.metafields[0].namespace") == "custom")
        #expect(set.string("cartMetafieldsSet.metafields[0].key") == "gift_message")
        #expect(set.string("cartMetafieldsSet.metafields[1].namespace") == "custom", "a bare key is in the namespace custom")
        #expect(set.string("cartMetafieldsSet.metafields[1].id")?.hasPrefix("gid://shopify/Metafield/3?cart=") == true)

        _ = try shop.data(Self.set, variables: ["m": [Self.input(cart, "custom.gift_message", "multi_line_text_field", "Happy\nbirthday")]])
        let read = try shop.data("""
            query($c: ID!) { cart(id: $c) {
              message: metafield(namespace: "custom", key: "gift_message") { type value }
              bare: metafield(key: "source") { value }
              dotted: metafield(key: "custom.wrap") { value }
              list: metafields(identifiers: [{namespace: "custom", key: "wrap"}, {namespace: "other", key: "wrap"}]) { key value }
            } }
            """, variables: ["c": .string(cart)])
        #expect(read.string("cart.message.type") == "multi_line_text_field")
        #expect(read.string("cart.message.value") == "Happy\nbirthday")
        #expect(read.string("cart.bare.value") == "ad")
        #expect(read.string("cart.dotted.value") == "true")
        #expect(read.string("cart.list[0].value") == "true")
        #expect(read.at("cart.list[1]") == .null)

        let deleted = try shop.data("""
            mutation($c: ID!) { cartMetafieldDelete(input: {ownerId: $c, key: "wrap"}) { deletedId userErrors { code field } } }
            """, variables: ["c": .string(cart)])
        #expect(deleted.string("cartMetafieldDelete.deletedId") == set.string("cartMetafieldsSet.metafields[1].id"))
        let again = try shop.data("""
            mutation($c: ID!) { cartMetafieldDelete(input: {ownerId: $c, key: "custom.wrap"}) { deletedId userErrors { code field } } }
            """, variables: ["c": .string(cart)])
        #expect(again.at("cartMetafieldDelete.deletedId") == .null)
        #expect(again.string("cartMetafieldDelete.userErrors[0].code") == "METAFIELD_DOES_NOT_EXIST")
        #expect(again.at("cartMetafieldDelete.userErrors[0].field") == ["input", "key"])
    }

    @Test("bad metafields are user errors with their element index, and none is set", arguments: [
        ("custom.x", "single_line_text_field", "v", "TOO_SHORT", "key"),
        ("ab.key", "single_line_text_field", "v", "TOO_SHORT", "key"),
        ("", "single_line_text_field", "v", "BLANK", "key"),
        ("custom.flag", "list.product_reference", "v", "INVALID_TYPE", "type"),
        ("custom.flag", "boolean", "yes", "INVALID_VALUE", "value"),
        ("custom.count", "number_integer", "1.5", "INVALID_VALUE", "value"),
        ("custom.data", "json", "{", "INVALID_VALUE", "value"),
        ("custom.text", "single_line_text_field", "", "BLANK", "value"),
    ])
    func invalid(key: String, type: String, value: String, code: String, member: String) throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)])
        let data = try shop.data(Self.set, variables: ["m": [
            Self.input(cart, "custom.fine", "single_line_text_field", "ok"), Self.input(cart, key, type, value),
        ]])
        #expect(data.string("cartMetafieldsSet.userErrors[0].code") == code)
        #expect(data.int("cartMetafieldsSet.userErrors[0].elementIndex") == 1)
        #expect(data.at("cartMetafieldsSet.userErrors[0].field") == ["metafields", "1", .string(member)])
        let read = try shop.data("query($c: ID!) { cart(id: $c) { metafield(key: \"custom.fine\") { value } } }", variables: ["c": .string(cart)])
        #expect(read.at("cart.metafield") == .null, "all or nothing")
    }

    @Test("an owner that is no cart is INVALID_OWNER; cartCreate's metafields give INVALID_METAFIELDS")
    func owners() throws {
        let shop = try TestShop()
        let data = try shop.data(Self.set, variables: ["m": [Self.input("gid://shopify/Cart/nope", "custom.a1", "boolean", "true")]])
        #expect(data.string("cartMetafieldsSet.userErrors[0].code") == "INVALID_OWNER")
        #expect(data.at("cartMetafieldsSet.userErrors[0].field") == ["metafields", "0", "ownerId"])
        let deleted = try shop.data("mutation { cartMetafieldDelete(input: {ownerId: \"gid://shopify/Cart/nope\", key: \"a1\"}) { userErrors { code } } }")
        #expect(deleted.string("cartMetafieldDelete.userErrors[0].code") == "INVALID_OWNER")
        let created = try shop.data("""
            mutation { cartCreate(input: {metafields: [{key: "custom.n", type: "number_integer", value: "x"}]}) { cart { id } userErrors { code field } } }
            """)
        #expect(created.string("cartCreate.userErrors[0].code") == "INVALID_METAFIELDS")
        #expect(created.at("cartCreate.userErrors[0].field") == ["input", "metafields", "0", "key"])
    }
}
