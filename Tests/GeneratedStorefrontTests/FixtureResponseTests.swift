import Buy
import BuyflowCore
import Foundation
import GenFixture
import Testing

/// Responses decoded with the code generated from the fixture schema: typed values,
/// safe casts, bad scalar values as errors and fields that were not selected.
@Suite("Generated response models")
struct FixtureResponseTests {
    static func decode(_ json: String) throws -> Fixture.QueryRoot {
        let object = try #require(try JSONParser().parse(json).objectValue)
        return try Fixture.QueryRoot(fields: object)
    }

    static let productJSON = #"""
        {"node":{"__typename":"Product","id":"gid://shop/Product/1","title":"Classic Sneaker",
        "createdAt":"2026-01-05T09:00:00Z","onlineStoreUrl":"https://shop.example/products/classic-sneaker",
        "tags":["shoes","canvas"],"optionGrid":[["8","9"],[null]],"descriptionHtml":"<p>Hi</p>","description":null,
        "price":{"amount":"89.00","currencyCode":"USD"},"fields":["a"]}}
        """#

    @Test("scalars, lists of lists, enums and objects decode typed")
    func typedValues() throws {
        let response = try Self.decode(Self.productJSON)
        let product = try #require(response.node?.as(Fixture.Product.self))
        #expect(product.id == "gid://shop/Product/1")
        #expect(product.title == "Classic Sneaker")
        #expect(product.createdAt == Date(timeIntervalSince1970: 1_767_603_600))
        #expect(product.onlineStoreUrl == URL(string: "https://shop.example/products/classic-sneaker"))
        #expect(product.tags == ["shoes", "canvas"])
        #expect(product.optionGrid == [["8", "9"], [nil]])
        #expect(product.description == nil)
        #expect(product.descriptionHtml == "<p>Hi</p>")
        #expect(product.price.amount == Decimal(string: "89.00"))
        #expect(product.price.currencyCode == .usd)
        #expect(product.fieldsField == ["a"])
        #expect(product.typeName == "Product")
    }

    @Test("as! works as in the SDK; as(_:) and cast(to:) are the safe forms")
    func casts() throws {
        let response = try Self.decode(#"{"node":{"__typename":"Cart","id":"gid://shop/Cart/1","totalQuantity":2}}"#)
        let cart = response.node as! Fixture.Cart
        #expect(cart.totalQuantity == 2)
        #expect(response.node?.as(Fixture.Product.self) == nil)
        #expect(throws: GraphQL.CastError(id: "gid://shop/Cart/1", actualType: "Cart", expectedType: "Product")) {
            try response.node?.cast(to: Fixture.Product.self)
        }
        do {
            _ = try response.node?.cast(to: Fixture.Product.self)
        } catch {
            #expect(error.description == "node gid://shop/Cart/1 is a Cart, not a Product")
        }
    }

    @Test("an unknown __typename decodes as the interface's Unknown model")
    func unknownTypename() throws {
        let response = try Self.decode(#"{"node":{"__typename":"Collection","id":"gid://shop/Collection/1"}}"#)
        let node = try #require(response.node)
        #expect(node is Fixture.UnknownNode)
        #expect(node.id == "gid://shop/Collection/1")
        #expect(node.typeName == "Collection")
    }

    @Test("interfaces implementing interfaces, unions and nullable list elements")
    func abstractLists() throws {
        let response = try Self.decode(#"""
            {"nodes":[{"__typename":"ProductVariant","id":"v1","title":"8"},null],
             "search":[{"__typename":"Cart","id":"c1"},{"__typename":"Product","id":"p1"}],
             "titled":{"__typename":"ProductVariant","id":"v1","title":"8"}}
            """#)
        #expect(response.nodes.count == 2)
        #expect(response.nodes[0]?.as(Fixture.ProductVariant.self)?.title == "8")
        #expect(response.nodes[1] == nil)
        #expect(response.search.map(\.typeName) == ["Cart", "Product"])
        let titled = try #require(response.titled)
        #expect(titled.title == "8")
        #expect(titled.id == "v1")
    }

    @Test("an unknown enum value decodes as unknownValue")
    func unknownEnum() throws {
        let response = try Self.decode(#"{"node":{"__typename":"Product","price":{"amount":"1","currencyCode":"JPY"}}}"#)
        #expect(response.node?.as(Fixture.Product.self)?.price.currencyCode == .unknownValue)
    }

    @Test("a bad scalar value is a SchemaViolationError naming the type and field, never a crash", arguments: [
        (#"{"node":{"__typename":"Product","createdAt":"last tuesday"}}"#, #"Product.createdAt: expected Date, got string "last tuesday""#),
        (#"{"node":{"__typename":"Product","price":{"amount":"eighty","currencyCode":"USD"}}}"#, #"MoneyV2.amount: expected Decimal, got string "eighty""#),
        (#"{"node":{"__typename":"Cart","totalQuantity":"two"}}"#, #"Cart.totalQuantity: expected Int32, got string "two""#),
        (#"{"node":{"__typename":"Cart","totalQuantity":4294967296}}"#, "Cart.totalQuantity: expected Int32, got number 4294967296"),
        (#"{"node":{"__typename":"Product","title":null}}"#, "Product.title: expected String, got null null"),
        (#"{"node":{"__typename":"Product","tags":"shoes"}}"#, #"Product.tags: expected a list, got string "shoes""#),
        (#"{"node":{"__typename":"Product","price":7}}"#, "Product.price: expected MoneyV2 (an object), got number 7"),
        (#"{"node":{"__typename":"Product","weight":1}}"#, "Product.weight: unexpected value 1"),
        (#"{"updatedAt":12}"#, "QueryRoot.updatedAt: expected Date, got number 12"),
    ])
    func badScalars(json: String, message: String) throws {
        let object = try #require(try JSONParser().parse(json).objectValue)
        #expect {
            _ = try Fixture.QueryRoot(fields: object)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test("reading a field that was not selected throws from the throwing form, naming field and type")
    func missingField() throws {
        let response = try Self.decode(#"{"node":{"__typename":"Product","id":"p1"}}"#)
        let product = try #require(response.node?.as(Fixture.Product.self))
        #expect(throws: GraphQL.MissingFieldError(type: "Product", field: "title")) { try product.title() }
        #expect(try product.id() == "p1")
        #expect(product.hasField("id"))
        #expect(!product.hasField("title"))
        #expect(GraphQL.MissingFieldError(type: "Product", field: "title").description
            == "field 'title' of Product was not selected in the query; select it with .title()")
    }

    @Test("reading it as a property stops with that message, which an exit test catches")
    func missingFieldProperty() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let response = try Fixture.QueryRoot(fields: JSONObject([("updatedAt", .null)]))
            _ = response.nodes
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("field 'nodes' of QueryRoot was not selected in the query; select it with .nodes()"))
    }

    @Test("aliased fields read with the alias")
    func aliases() throws {
        let response = try Self.decode(#"{"product__a":{"id":"p1"},"product__b":null}"#)
        #expect(try response.product(alias: "a")?.id == "p1")
        #expect(try response.product(alias: "b") == nil)
        #expect(throws: GraphQL.MissingFieldError(type: "QueryRoot", field: "product", alias: "c")) { try response.product(alias: "c") }
    }
}
