import Buy
import BuyflowCore
import Foundation
import Testing

@Suite("Runtime: decoding responses")
struct RuntimeResponseTests {
    private func root(_ json: String) throws -> Storefront.QueryRoot {
        let value = try JSONParser().parse(json)
        return try Storefront.QueryRoot(fields: try #require(value.objectValue))
    }

    @Test("Scalars, enums, lists, custom scalars and nested objects decode into typed models")
    func decoding() throws {
        let response = try root(#"""
        {"shop":{"name":"Sample Shoes","currencyCode":"USD","description":null},
         "product":{"id":"gid://shopify/Product/1","title":"Classic Sneaker","tags":["shoes","new"],
                    "createdAt":"2026-04-01T12:00:00Z","onlineStoreUrl":"https://shoes.example/p/1"},
         "products":{"nodes":[{"id":"gid://shopify/Product/1"},{"id":"gid://shopify/Product/2"}]}}
        """#)
        #expect(response.shop.name == "Sample Shoes")
        #expect(response.shop.currencyCode == .usd)
        #expect(response.shop.description == nil)
        let product = try #require(response.product)
        #expect(product.id == GraphQL.ID(rawValue: "gid://shopify/Product/1"))
        #expect(product.tags == ["shoes", "new"])
        #expect(product.createdAt == Date(timeIntervalSince1970: 1_775_044_800))
        #expect(product.onlineStoreUrl?.host == "shoes.example")
        #expect(response.products.nodes.map(\.id.rawValue) == ["gid://shopify/Product/1", "gid://shopify/Product/2"])
    }

    @Test("Aliased fields are read back by their suffix")
    func aliases() throws {
        let response = try root(#"{"product__first":{"title":"A"},"product__second":null}"#)
        #expect(response.aliasedProduct(aliasSuffix: "first")?.title == "A")
        #expect(response.aliasedProduct(aliasSuffix: "second") == nil)
        #expect(response.hasField("product", aliasSuffix: "first"))
        #expect(!response.hasField("product"))
    }

    @Test("An unknown enum value decodes as unknownValue instead of failing")
    func unknownEnum() throws {
        let response = try root(#"{"shop":{"name":"x","currencyCode":"XTS"}}"#)
        #expect(response.shop.currencyCode == .unknownValue)
    }

    @Test("A value of the wrong type throws SchemaViolationError instead of crashing", arguments: [
        (#"{"shop":{"name":42}}"#, "Shop", "name", "expected String, got number 42"),
        (#"{"shop":"Sample"}"#, "QueryRoot", "shop", "expected Shop (an object)"),
        (#"{"product":{"tags":"shoes"}}"#, "Product", "tags", "expected a list"),
        (#"{"product":{"tags":["a",1]}}"#, "Product", "tags", "expected String, got number 1"),
        (#"{"product":{"createdAt":"yesterday"}}"#, "Product", "createdAt", "expected Date"),
        (#"{"shop":{"name":null}}"#, "Shop", "name", "expected String, got null"),
        (#"{"shop":{"currencyCode":7}}"#, "Shop", "currencyCode", "expected CurrencyCode (an enum name)"),
        (#"{"shop":{"unselected":1}}"#, "Shop", "unselected", "unexpected value 1"),
        (#"{"node":{"id":"x"}}"#, "UnknownNode", "__typename", "expected String"),
    ])
    func violations(json: String, type: String, field: String, message: String) throws {
        let error = #expect(throws: SchemaViolationError.self) { try root(json) }
        #expect(error?.type == type)
        #expect(error?.field == field)
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }

    @Test("Node casts: `as?` gives nil and cast(to:)/asProduct() throw a clear error, never crash")
    func nodeCasts() throws {
        let response = try root(#"{"node":{"__typename":"ProductVariant","id":"gid://shopify/ProductVariant/7","title":"9"}}"#)
        let node = try #require(response.node)
        #expect(node is Storefront.ProductVariant)
        #expect(node as? Storefront.Product == nil)
        let error = #expect(throws: GraphQL.CastError.self) { try node.asProduct() }
        #expect(error?.description == "node gid://shopify/ProductVariant/7 is a ProductVariant, not a Product")
        #expect(try node.responseObject().cast(to: Storefront.ProductVariant.self).title == "9")

        let unknown = try root(#"{"node":{"__typename":"Collection","id":"gid://shopify/Collection/3"}}"#)
        #expect(unknown.node is Storefront.UnknownNode)
        #expect(unknown.node?.typeName == "Collection")
        #expect(throws: GraphQL.CastError.self) { try unknown.node?.asCart() }
    }

    @Test("Responses are Sendable and immutable across tasks")
    func sendable() async throws {
        let response = try root(#"{"shop":{"name":"Sample Shoes"}}"#)
        let name = await Task.detached { response.shop.name }.value
        #expect(name == "Sample Shoes")
    }
}
