import Buy
import BuyflowCore
import Foundation
import Testing

@Suite("Locale: Accept-Language and @inContext")
struct LocaleTests {
    @Test("A Locale maps to Accept-Language and the API's country and language codes", arguments: [
        ("fr_CA", "fr-CA", "CA", "FR"),
        ("en_US", "en-US", "US", "EN"),
        ("de", "de", nil, "DE"),
        ("pt_BR", "pt-BR", "BR", "PT_BR"),
        ("pt_PT", "pt-PT", "PT", "PT_PT"),
        ("zh-Hant-TW", "zh-TW", "TW", "ZH_TW"),
        ("es_419", "es", nil, "ES"),
    ] as [(String, String, String?, String?)])
    func mapping(identifier: String, acceptLanguage: String, country: String?, language: String?) {
        let buyer = Graph.BuyerLocale(Locale(identifier: identifier))
        #expect(buyer.acceptLanguage == acceptLanguage)
        #expect(buyer.country == country)
        #expect(buyer.language == language)
    }

    @Test("fr_CA: Accept-Language: fr-CA and @inContext(country: CA, language: FR) on typed queries", arguments: TransportKind.allCases)
    func typedQuery(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let client = Graph.Client.test(shop, kind, locale: Locale(identifier: "fr_CA"))
        _ = await client.queryGraphWith(shopNameQuery())
        let mutation = Storefront.buildMutation { $0.cartCreate { $0.cart { $0.id() } } }
        _ = await client.mutateGraphWith(mutation)
        let requests = shop.requests
        #expect(requests.allSatisfy { $0.header("Accept-Language") == "fr-CA" })
        #expect(requests[0].query == "query @inContext(country:CA,language:FR) {shop{name}}")
        #expect(requests[1].query == "mutation @inContext(country:CA,language:FR) {cartCreate{cart{id}}}")
    }

    @Test("An operation with its own @inContext keeps it")
    func ownDirective() async throws {
        let shop = try TestShop(json: shopJSON)
        let client = Graph.Client.test(shop, .curl, locale: Locale(identifier: "fr_CA"))
        let query = Storefront.buildQuery(inContext: .inContext(country: "US", language: "EN")) { $0.shop { $0.name() } }
        _ = await client.queryGraphWith(query)
        #expect(shop.requests.first?.query == "query @inContext(country:US,language:EN) {shop{name}}")
    }
}

@Suite("Locale: raw documents")
struct RawDocumentLocaleTests {
    @Test("send(document:) adds @inContext to each operation without one, parsed and printed by GraphQLKit", arguments: TransportKind.allCases)
    func rawDocuments(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let client = Graph.Client.test(shop, kind, locale: Locale(identifier: "fr_CA"))
        _ = await client.send(document: "{ shop { name } }")
        _ = await client.send(document: """
            query Cart($id: ID!) @inContext(country: US) { cart(id: $id) { id } }
            mutation Make { cartCreate { cart { ...CartFields } } }
            fragment CartFields on Cart { id note }
            """, operationName: "Make")
        let queries = shop.requests.map { $0.query ?? "" }
        #expect(shop.requests.allSatisfy { $0.header("Accept-Language") == "fr-CA" })
        #expect(queries[0] == """
            query @inContext(country: CA, language: FR) {
              shop {
                name
              }
            }
            """)
        #expect(queries[1].contains("query Cart($id: ID!) @inContext(country: US) {"))
        #expect(queries[1].contains("mutation Make @inContext(country: CA, language: FR) {"))
        #expect(queries[1].contains("fragment CartFields on Cart {"))
        #expect(!queries[1].contains("fragment CartFields on Cart @inContext"))
    }

    @Test("A document that does not parse is sent as it is, for the server to report")
    func unparsable() async throws {
        let shop = try TestShop(json: #"{"errors":[{"message":"Syntax error","locations":[{"line":1,"column":8}]}]}"#)
        let client = Graph.Client.test(shop, .curl, locale: Locale(identifier: "fr_CA"))
        let exchange = await client.send(document: "{ shop { ")
        #expect(shop.requests.first?.query == "{ shop { ")
        #expect(exchange.errors.first?.line == 1)
        #expect(exchange.failure == .graphql)
    }

    @Test("Without a locale the document is sent unchanged")
    func noLocale() async throws {
        let shop = try TestShop(json: shopJSON)
        _ = await Graph.Client.test(shop, .curl).send(document: "{ shop { name } }")
        #expect(shop.requests.first?.query == "{ shop { name } }")
    }
}
