import BuyflowCore
import BuyflowTestSupport
import Foundation
import GraphQLKit
import Testing
@testable import SampleShop

@Suite("Schema-driven mock mode against the full published Storefront schema")
struct MockModeTests {
    static func publishedSchema() throws -> Schema? {
        guard RepositoryPaths.hasPublishedSchema else {
            print("note: skipping mock-mode tests: \(RepositoryPaths.publishedSchema.path) is absent (it is present in CI)")
            return nil
        }
        return try Schema.load(path: RepositoryPaths.publishedSchema.path)
    }

    /// A value for a variable of type `type` named `name`.
    static func input(_ type: TypeRef, name: String, schema: Schema, ids: [String: String]) -> JSONValue {
        switch type {
        case .nonNull(let inner): return input(inner, name: name, schema: schema, ids: ids)
        case .list(let inner): return [input(inner, name: name, schema: schema, ids: ids)]
        case .named(let id):
            let named = schema[id]
            let lower = name.lowercased()
            switch named.kind {
            case .enum: return .string(named.enumValues.first?.name ?? "")
            case .inputObject:
                var object = JSONObject()
                for field in named.inputFields where field.isRequired || (named.isOneOf && object.isEmpty) {
                    object[field.name] = input(field.type, name: field.name, schema: schema, ids: ids)
                }
                return .object(object)
            default:
                switch named.name {
                case "ID":
                    if lower.contains("line") { return .string(ids["line"]!) }
                    if lower.contains("cart") { return .string(ids["cart"]!) }
                    if lower.contains("merchandise") || lower.contains("variant") { return "gid://shopify/ProductVariant/1" }
                    return "gid://shopify/Product/1"
                case "String": return lower.contains("handle") ? "classic-sneaker" : (lower.contains("key") ? "gift" : "x")
                case "Int": return 2
                case "Float": return 1.5
                case "Boolean": return true
                case "URL": return "https://example.invalid/a"
                case "Decimal": return "1.00"
                case "DateTime", "ISO8601DateTime": return "2026-01-01T00:00:00Z"
                case "JSON": return "{}"
                case "Color": return "#000000"
                case "UnsignedInt64": return "1"
                case "HTML": return "<p>x</p>"
                default: return "x"
                }
            }
        }
    }

    @Test("≥ 20 valid Storefront documents of every shape execute against the full schema and return data shaped like their selections")
    func corpusDocuments() throws {
        guard let schema = try Self.publishedSchema() else { return }
        let shop = try TestShop(SampleShop.Options(schema: schema))
        #expect(shop.shop.isMockMode)
        let cart = try shop.createCart([(1, 1)])
        let lines = try shop.data("{ cart(id: \"\(cart)\") { lines(first: 1) { nodes { id } } } }")
        let ids = ["cart": cart, "line": lines.string("cart.lines.nodes[0].id") ?? ""]

        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.corpus.path)
            .filter { $0.hasPrefix("valid-") && $0.hasSuffix(".graphql") }.sorted()
        var operationsRun = 0
        var failures: [String] = []
        var features: Set<String> = []
        for file in files {
            let text = try String(contentsOf: RepositoryPaths.corpus.appendingPathComponent(file), encoding: .utf8)
            let document = try Parser.parse(text, path: file)
            if text.contains("... on") { features.insert("inline fragments") }
            if text.contains("fragment ") { features.insert("named fragments") }
            if text.contains("edges") { features.insert("connections") }
            if text.contains("__schema") { features.insert("introspection") }
            for operation in document.operations {
                var variables = JSONObject()
                for definition in operation.variableDefinitions where definition.defaultValue == nil {
                    guard case .nonNull = definition.type, let type = schema.typeRef(definition.type) else { continue }
                    variables[definition.variable.value] = Self.input(type, name: definition.variable.value, schema: schema, ids: ids)
                }
                // Accept JSON, as the Buy client does: a document with @defer then comes whole
                // (its multipart answer has tests of its own, DeferTests).
                let response = try shop.post(
                    text, variables: .object(variables), operationName: operation.name?.value,
                    headers: [("Accept", "application/json")])
                operationsRun += 1
                let label = "\(file) \(operation.name?.value ?? "(anonymous)")"
                guard response.status == 200, let json = response.json else {
                    failures.append("\(label): HTTP \(response.status) \(response.text.prefix(300))")
                    continue
                }
                if let errors = json["errors"] {
                    failures.append("\(label): errors \(String(describing: errors).prefix(400))")
                    continue
                }
                guard let data = json["data"], data != .null else {
                    failures.append("\(label): no data")
                    continue
                }
                var checker = ShapeChecker(schema: schema, document: document)
                checker.check(operation, data: data)
                if !checker.problems.isEmpty { failures.append("\(label): \(checker.problems.prefix(5))") }
            }
        }
        #expect(files.count >= 20)
        #expect(operationsRun >= 20)
        #expect(features == ["inline fragments", "named fragments", "connections", "introspection"])
        #expect(failures.isEmpty, "\(failures.count) of \(operationsRun) operations:\n\(failures.joined(separator: "\n"))")
    }

    @Test("known fields come from the catalog and carts; unknown ones are deterministic mocks")
    func mockValues() throws {
        guard let schema = try Self.publishedSchema() else { return }
        let shop = try TestShop(SampleShop.Options(schema: schema))
        let query = """
            { product(handle: "classic-sneaker") { title handle isGiftCard
                metafields(identifiers: [{namespace: "a", key: "b"}]) { id key value type updatedAt }
                media(first: 5) { nodes { __typename id mediaContentType } }
                sellingPlanGroups(first: 3) { edges { node { name } } pageInfo { hasNextPage } } }
              shop { name privacyPolicy { id title url } }
              localization { country { isoCode currency { isoCode } } availableCountries { isoCode } }
              search(query: "classic sneaker", first: 2) { totalCount nodes { __typename ... on Product { handle } } }
              menu(handle: "main") { items { title url type } } }
            """
        let data = try shop.data(query)
        #expect(data.string("product.title") == "Classic Sneaker")
        #expect(data.bool("product.isGiftCard") == false)
        #expect(data.count("product.metafields") == 2)
        #expect(data.string("product.metafields[0].key") == "Metafield.key")
        #expect(data.string("product.metafields[1].id") == "gid://shopify/Metafield/2")
        #expect(data.string("product.metafields[0].updatedAt") == "2026-01-01T00:00:00Z")
        #expect(data.string("product.media.nodes[0].__typename") == "ExternalVideo")
        #expect(data.bool("product.sellingPlanGroups.pageInfo.hasNextPage") == false)
        #expect(data.string("shop.name") == "Sample Shoes")
        #expect(data.string("shop.privacyPolicy.url") == "https://sample-shoes.example.invalid/policies/privacy-policy",
                "a field the shop knows comes from the catalog, in mock mode too")
        #expect(data.count("localization.availableCountries") == 2)
        #expect(data.string("localization.country.isoCode") == schema.type(named: "CountryCode")?.enumValues.first?.name)
        #expect(data.int("search.totalCount") == 1)
        #expect(data.string("search.nodes[0].__typename") == "Product")
        #expect(data.string("search.nodes[0].handle") == "classic-sneaker")
        #expect(data.string("localization.availableCountries[0].isoCode") != nil, "a field the shop does not know is a mock")
        #expect(try shop.data(query) == data, "mock values are deterministic")

        let cart = try shop.createCart([(1, 2)])
        let cloned = try shop.data("mutation { cartClone(cartId: \"\(cart)\") { cart { id } } cartLinesAdd(cartId: \"\(cart)\", lines: [{merchandiseId: \"gid://shopify/ProductVariant/1\"}]) { cart { totalQuantity } } }")
        #expect(cloned.string("cartClone.cart.id") == "gid://shopify/Cart/1")
        #expect(cloned.int("cartLinesAdd.cart.totalQuantity") == 3)
    }

    @Test("an SDL schema file works too: fields it shares with the subset are real, the rest mocked")
    func customSchema() throws {
        let sdl = """
            type QueryRoot { shop: Shop! product(handle: String): Product greeting(name: String!): String! lucky: [Int!]! }
            type Shop { name: String! id: ID! founded: DateTime }
            type Product { title: String! handle: String! rating: Float status: Status! }
            enum Status { ACTIVE ARCHIVED }
            scalar DateTime
            schema { query: QueryRoot }
            """
        let schema = try Schema(sdl: sdl)
        let shop = try TestShop(SampleShop.Options(schema: schema))
        let data = try shop.data("{ shop { name id founded } product(handle: \"wool-socks\") { title rating status } greeting(name: \"x\") lucky }")
        #expect(data.string("shop.name") == "Sample Shoes")
        #expect(data.string("shop.founded") == "2026-01-01T00:00:00Z")
        #expect(data.string("product.title") == "Wool Socks")
        #expect(data.at("product.rating")?.doubleValue == 1.5)
        #expect(data.string("product.status") == "ACTIVE")
        #expect(data.string("greeting") == "QueryRoot.greeting")
        #expect(data.at("lucky") == [1, 1])
    }

    @Test("the shape checker catches missing, extra, mistyped and null-for-non-null values")
    func checkerCatchesProblems() throws {
        let schema = SampleShop.storefrontSchema
        let document = try Parser.parse("""
            { product(handle: "x") { title availableForSale variants(first: 1) { nodes { id } } } node(id: "y") { __typename ... on Product { handle } } }
            """)
        func problems(_ data: JSONValue) -> [String] {
            var checker = ShapeChecker(schema: schema, document: document)
            checker.check(document.operations[0], data: data)
            return checker.problems
        }
        let good: JSONValue = ["product": ["title": "T", "availableForSale": true, "variants": ["nodes": [["id": "1"]]]],
                               "node": ["__typename": "Product", "handle": "h"]]
        #expect(problems(good).isEmpty)
        #expect(problems(["product": nil, "node": ["__typename": "Shop"]]).isEmpty, "fragments on other types do not apply")
        #expect(problems(["product": ["title": "T", "variants": ["nodes": []]], "node": nil]) == ["data.product.availableForSale: selected but missing"])
        #expect(problems(["product": ["title": nil, "availableForSale": "yes", "variants": ["nodes": [["id": 1]]], "extra": 1], "node": ["__typename": "Product"]]).count == 5)
    }
}
