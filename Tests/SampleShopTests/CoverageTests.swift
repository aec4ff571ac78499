import BuyflowCore
import GraphQLKit
import Testing
@testable import SampleShop

@Suite("The whole subset resolves")
struct CoverageTests {
    /// Object types whose values are JSON objects read member by member (no resolvers).
    static let jsonTypes: Set<String> = [
        "ApiVersion", "AppliedGiftCard", "Attribute", "Brand", "BrandColorGroup", "BrandColors", "CartAutomaticDiscountAllocation",
        "CartBuyerIdentity", "CartCodeDiscountAllocation", "CartCompletionActionRequired", "CartCompletionFailed",
        "CartCompletionProcessing", "CartCompletionSuccess", "CartCost", "CartCustomDiscountAllocation",
        "CartDeliveryAddress", "CartDeliveryCoordinatesPreference", "CartDeliveryOption", "CartDeliveryPreference",
        "CartDiscountApplication", "CartDiscountCode", "CartLineCost", "CartLineInstructions", "CartMetafieldDeletePayload",
        "CartMetafieldsSetPayload", "CartPreferences",
        "CartSelectableAddress", "CartUserError", "CartWarning", "CompletePaymentChallenge", "CompletionError", "Count",
        "Customer", "Domain", "Image", "MailingAddress", "Metafield", "MetafieldDeleteUserError",
        "MetafieldsSetUserError", "MoneyV2", "PageInfo", "PaymentSettings", "PricingPercentageValue", "ProductPriceRange",
        "QuantityRule", "SEO", "SelectedOption", "Shop", "SubmissionError", "SubmitAlreadyAccepted", "SubmitFailed",
        "SubmitSuccess", "SubmitThrottled", "UnitPriceMeasurement",
        // Online-store content.
        "ArticleAuthor", "MediaImage", "Menu", "MenuItem", "ProductOptionValueSwatch", "SearchQuerySuggestion", "ShopPolicy",
        "ShopPolicyWithDefault", "UrlRedirect",
    ]

    @Test("every field of every object type has a resolver, or its type is served as JSON; no resolver names an unknown field")
    func resolverTable() {
        let schema = SampleShop.storefrontSchema
        let resolvers = ShopEngine.resolvers(schema: schema, catalog: .sample, mock: false)
        #expect(resolvers.unmatchedNames(in: schema).isEmpty, "\(resolvers.unmatchedNames(in: schema))")
        var missing: [String] = []
        for type in schema.types where type.kind == .object && !type.isBuiltIn && !Self.jsonTypes.contains(type.name) {
            for field in type.fields where resolvers[type.name, field.name] == nil {
                missing.append("\(type.name).\(field.name)")
            }
        }
        #expect(missing.isEmpty, "fields without a resolver: \(missing)")
    }

    func run(_ shop: TestShop, _ document: String, variables: JSONValue? = nil) throws -> JSONValue {
        let json = try shop.graphql(document, variables: variables)
        #expect(json["errors"] == nil, "\(json["errors"] ?? .null)")
        return json["data"] ?? .null
    }

    @Test("a generated query selecting every field of every root query field executes without errors")
    func everyQueryField() throws {
        let shop = try TestShop(SampleShop.Options(maxDepth: 64, maxAliases: 100_000, maxFields: 500_000))
        let schema = SampleShop.storefrontSchema
        var generator = SelectionGenerator(schema: schema, maxDepth: 4)
        generator.arguments["handle"] = "\"caring-for-leather-boots\""
        generator.arguments["identifiers"] = "[{namespace: \"custom\", key: \"gift\"}]"
        func select(_ typeName: String) -> String { generator.selection(for: schema.type(named: typeName)!) }
        let data = try run(shop, """
            {
              shop { \(select("Shop")) }
              publicApiVersions { \(select("ApiVersion")) }
              a: product(handle: "canvas-slip-on") { \(select("Product")) }
              b: product(handle: "wool-socks") { \(select("Product")) }
              collection(handle: "shoes") { \(select("Collection")) }
              products(first: 3) { \(select("ProductConnection")) }
              collections(first: 2) { \(select("CollectionConnection")) }
              node(id: "gid://shopify/ProductOptionValue/7") { \(select("Node")) }
              nodes(ids: ["gid://shopify/Product/1", "gid://shopify/ProductVariant/9", "gid://shopify/Collection/2", "gid://shopify/Shop/1", "gid://shopify/ProductOption/1", "gid://shopify/Nope/1"]) { \(select("Node")) }
              menu(handle: "main-menu") { \(select("Menu")) }
              page(handle: "about") { \(select("Page")) }
              pages(first: 3) { \(select("PageConnection")) }
              blog(handle: "news") { \(select("Blog")) }
              blogs(first: 2) { \(select("BlogConnection")) }
              article(id: "gid://shopify/Article/1") { \(select("Article")) }
              articles(first: 3) { \(select("ArticleConnection")) }
              urlRedirects(first: 3) { \(select("UrlRedirectConnection")) }
              search(query: "trail", first: 5) { \(select("SearchResultItemConnection")) }
              predictiveSearch(query: "tr", types: [ARTICLE, COLLECTION, PAGE, PRODUCT, QUERY]) { \(select("PredictiveSearchResult")) }
              content: nodes(ids: ["gid://shopify/Page/1", "gid://shopify/Blog/1", "gid://shopify/Article/1", "gid://shopify/Menu/1", "gid://shopify/MenuItem/2", "gid://shopify/UrlRedirect/1", "gid://shopify/ShopPolicy/1", "gid://shopify/MediaImage/1"]) { \(select("Node")) }
            }
            """)
        #expect(data.string("a.variants.nodes[0].product.handle") == nil, "the generator does not revisit types on its path")
        #expect(data.string("a.handle") == "canvas-slip-on")
        #expect(data.string("nodes[4].__typename") == "ProductOption")
        #expect(data.at("content")?.arrayValue?.map { $0["__typename"]?.stringValue ?? "null" } == ["Page", "Blog", "Article", "Menu", "MenuItem", "UrlRedirect", "ShopPolicy", "MediaImage"])
        #expect(data.int("search.totalCount") == 5)
        #expect(generator.skipped.isEmpty || generator.skipped == ["QueryRoot.cart"], "\(generator.skipped)")
    }

    @Test("a cart with everything, its completion attempts and every mutation payload resolve every field")
    func everyCartField() throws {
        let shop = try TestShop(SampleShop.Options(maxDepth: 64, maxAliases: 100_000, maxFields: 500_000))
        let schema = SampleShop.storefrontSchema
        var generator = SelectionGenerator(schema: schema, maxDepth: 5)
        func select(_ typeName: String) -> String { generator.selection(for: schema.type(named: typeName)!) }
        let created = try run(shop, """
            mutation { cartCreate(input: {
              lines: [{merchandiseId: "gid://shopify/ProductVariant/7", quantity: 2, attributes: [{key: "gift", value: "yes"}]},
                      {merchandiseId: "gid://shopify/ProductVariant/5"}, {merchandiseId: "gid://shopify/ProductVariant/14"},
                      {merchandiseId: "gid://shopify/ProductVariant/15", parent: {merchandiseId: "gid://shopify/ProductVariant/7"}}],
              giftCardCodes: ["SAMPLE25GIFTA1B2"], metafields: [{key: "custom.note", type: "single_line_text_field", value: "x"}],
              attributes: [{key: "gift", value: "wrap"}], note: "n", discountCodes: ["WELCOME10", "SAVE5", "NOPE"],
              buyerIdentity: {email: "a@example.com", phone: "+15555550100", countryCode: CA, customerAccessToken: "sample-customer-token-ada",
                              preferences: {delivery: {deliveryMethod: [SHIPPING], coordinates: {latitude: 1, longitude: 2, countryCode: CA}}, wallet: ["shop_pay"]}},
              delivery: {addresses: [{address: {deliveryAddress: {address1: "1 Rue", city: "Montréal", countryCode: CA, zip: "H2X"}}, selected: true}]}
            }) { \(select("CartCreatePayload")) } }
            """)
        let cart = try #require(created.string("cartCreate.cart.id"))
        let group = try #require(created.string("cartCreate.cart.deliveryGroups.nodes[0].id"))
        let selected = try run(shop, """
            mutation($c: ID!, $g: ID!) { cartSelectedDeliveryOptionsUpdate(cartId: $c, selectedDeliveryOptions: [{deliveryGroupId: $g, deliveryOptionHandle: "standard"}]) {
              \(select("CartSelectedDeliveryOptionsUpdatePayload")) } }
            """, variables: ["c": .string(cart), "g": .string(group)])
        #expect(selected.string("cartSelectedDeliveryOptionsUpdate.cart.deliveryGroups.nodes[0].selectedDeliveryOption.handle") == "standard")
        let groups = try run(shop, "query($c: ID!) { cart(id: $c) { lines(first: 1) { nodes { id } } deliveryGroups(first: 1) { nodes { deliveryAddress { id } } } } }", variables: ["c": .string(cart)])
        let line = try #require(groups.string("cart.lines.nodes[0].id"))
        let address = try #require(groups.string("cart.deliveryGroups.nodes[0].deliveryAddress.id"))
        let queried = try run(shop, """
            query($c: ID!, $l: ID!, $a: ID!) { cart(id: $c) { \(select("Cart")) } line: node(id: $l) { \(select("Node")) } address: node(id: $a) { \(select("Node")) } }
            """, variables: ["c": .string(cart), "l": .string(line), "a": .string(address)])
        #expect(queried.string("line.__typename") == "CartLine")
        #expect(queried.string("address.__typename") == "MailingAddress")
        for (mutation, arguments) in [
            ("cartLinesAdd", "cartId: $c, lines: [{merchandiseId: \"gid://shopify/ProductVariant/1\"}]"),
            ("cartLinesUpdate", "cartId: $c, lines: [{id: \"\(line)\", quantity: 3}]"),
            ("cartBuyerIdentityUpdate", "cartId: $c, buyerIdentity: {email: \"b@example.com\"}"),
            ("cartDiscountCodesUpdate", "cartId: $c, discountCodes: [\"SAVE5\"]"),
            ("cartNoteUpdate", "cartId: $c, note: \"m\""),
            ("cartAttributesUpdate", "cartId: $c, attributes: [{key: \"k\", value: \"v\"}]"),
            ("cartGiftCardCodesAdd", "cartId: $c, giftCardCodes: [\"SAMPLE500GIFTC3D4\"]"),
            ("cartGiftCardCodesUpdate", "cartId: $c, giftCardCodes: [\"SAMPLE500GIFTC3D4\"]"),
            ("cartGiftCardCodesRemove", "cartId: $c, appliedGiftCardIds: [\"gid://shopify/AppliedGiftCard/2\"]"),
            ("cartDeliveryAddressesAdd", "cartId: $c, addresses: [{address: {deliveryAddress: {city: \"Laval\", countryCode: CA}}}]"),
            ("cartDeliveryAddressesUpdate", "cartId: $c, addresses: [{id: \"gid://shopify/CartSelectableAddress/2\", selected: true}]"),
            ("cartDeliveryAddressesRemove", "cartId: $c, addressIds: [\"gid://shopify/CartSelectableAddress/2\"]"),
            ("cartDeliveryAddressesReplace", "cartId: $c, addresses: [{address: {deliveryAddress: {city: \"Laval\", countryCode: CA}}}]"),
            ("cartLinesRemove", "cartId: $c, lineIds: [\"\(line)\"]"),
        ] {
            let payload = String(mutation.prefix(1).uppercased() + mutation.dropFirst()) + "Payload"
            _ = try run(shop, "mutation($c: ID!) { \(mutation)(\(arguments)) { \(select(payload)) } }", variables: ["c": .string(cart)])
        }
        _ = try run(shop, "mutation($c: ID!) { cartMetafieldsSet(metafields: [{ownerId: $c, key: \"a1\", type: \"boolean\", value: \"true\"}]) { \(select("CartMetafieldsSetPayload")) } }",
                    variables: ["c": .string(cart)])
        _ = try run(shop, "mutation($c: ID!) { cartMetafieldDelete(input: {ownerId: $c, key: \"a1\"}) { \(select("CartMetafieldDeletePayload")) } }",
                    variables: ["c": .string(cart)])
        let good = try shop.createCart([(1, 1)])
        let attemptSelection = select("CartCompletionAttemptResult")
        var attempts: [String] = []
        for (cartID, token) in [(good, "a"), (good, "a"), (cart, "b")] {
            let submitted = try run(shop, "mutation($c: ID!, $t: String!) { cartSubmitForCompletion(cartId: $c, attemptToken: $t) { \(select("CartSubmitForCompletionPayload")) } }",
                                    variables: ["c": .string(cartID), "t": .string(token)])
            if let attempt = submitted.string("cartSubmitForCompletion.result.SubmitSuccess_attemptId") { attempts.append(attempt) }
        }
        var seen: Set<String> = []
        for attempt in attempts {
            for _ in 0..<3 {
                let polled = try run(shop, "query($a: String!) { cartCompletionAttempt(attemptId: $a) { \(attemptSelection) } }", variables: ["a": .string(attempt)])
                seen.insert(polled.string("cartCompletionAttempt.__typename") ?? "")
            }
        }
        #expect(seen == ["CartCompletionProcessing", "CartCompletionSuccess", "CartCompletionFailed"])
        let order = try run(shop, "{ node(id: \"gid://shopify/Order/1001\") { \(select("Node")) } }")
        #expect(order.string("node.__typename") == "Order")
    }
}
