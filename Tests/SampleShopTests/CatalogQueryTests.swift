import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Catalog queries: products, collections, pagination, node, context")
struct CatalogQueryTests {
    let shop: TestShop

    init() throws { shop = try TestShop() }

    @Test("shop and publicApiVersions come from the catalog")
    func shopAndVersions() throws {
        let data = try shop.data("""
            { shop { id name description moneyFormat primaryDomain { host url sslEnabled } shipsToCountries
                     paymentSettings { currencyCode countryCode enabledPresentmentCurrencies acceptedCardBrands cardVaultUrl }
                     brand { slogan colors { primary { background foreground } } } }
              publicApiVersions { handle displayName supported } }
            """)
        #expect(data.string("shop.name") == "Sample Shoes")
        #expect(data.string("shop.id") == "gid://shopify/Shop/1")
        #expect(data.string("shop.paymentSettings.currencyCode") == "USD")
        #expect(data.at("shop.paymentSettings.enabledPresentmentCurrencies") == ["USD", "CAD"])
        #expect(data.string("shop.brand.colors.primary[0].background") == "#1B3A57")
        #expect(data.count("publicApiVersions") == 6)
        #expect(data.string("publicApiVersions[3].displayName") == "2026-04 (Latest)")
        #expect(data.bool("publicApiVersions[5].supported") == false)
    }

    @Test("product by handle and by ID; unknown is null")
    func productLookups() throws {
        let data = try shop.data("""
            { a: product(handle: "trail-runner") { id title variants(first: 5) { nodes { title availableForSale quantityAvailable currentlyNotInStock } } }
              b: product(id: "gid://shopify/Product/3") { handle options { name values optionValues { name firstSelectableVariant { id } } } }
              c: product(handle: "no-such-shoe") { id } }
            """)
        #expect(data.string("a.id") == "gid://shopify/Product/2")
        #expect(data.bool("a.variants.nodes[1].availableForSale") == false)
        #expect(data.int("a.variants.nodes[1].quantityAvailable") == 0)
        #expect(data.string("b.handle") == "wool-socks")
        #expect(data.at("b.options[0].values") == ["Default Title"])
        #expect(data.string("b.options[0].optionValues[0].firstSelectableVariant.id") == "gid://shopify/ProductVariant/6")
        #expect(data.at("c") == .null)
    }

    @Test("variantBySelectedOptions, selectedOrFirstAvailableVariant, adjacentVariants")
    func variantSelection() throws {
        let data = try shop.data("""
            { product(handle: "canvas-slip-on") {
                match: variantBySelectedOptions(selectedOptions: [{name: "Color", value: "White"}, {name: "Size", value: "9"}]) { id title }
                loose: variantBySelectedOptions(selectedOptions: [{name: "color", value: "navy"}, {name: "size", value: "8"}], caseInsensitiveMatch: true) { id }
                none: variantBySelectedOptions(selectedOptions: [{name: "Color", value: "Red"}]) { id }
                first: selectedOrFirstAvailableVariant { id }
                adjacent: adjacentVariants(selectedOptions: [{name: "Color", value: "Navy"}, {name: "Size", value: "8"}]) { title }
                compareAtPriceRange { maxVariantPrice { amount } }
            } }
            """)
        #expect(data.string("product.match.id") == "gid://shopify/ProductVariant/10")
        #expect(data.string("product.loose.id") == "gid://shopify/ProductVariant/7")
        #expect(data.at("product.none") == .null)
        #expect(data.string("product.first.id") == "gid://shopify/ProductVariant/7")
        #expect(data.at("product.adjacent")?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Navy / 9", "White / 8"])
        #expect(data.string("product.compareAtPriceRange.maxVariantPrice.amount") == "69.00")
    }

    @Test("Relay pagination forwards and backwards with opaque cursors")
    func pagination() throws {
        let page1 = try shop.data("{ products(first: 4) { edges { cursor node { handle } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }")
        #expect(page1.count("products.edges") == 4)
        #expect(page1.bool("products.pageInfo.hasNextPage") == true)
        #expect(page1.bool("products.pageInfo.hasPreviousPage") == false)
        let end = try #require(page1.string("products.pageInfo.endCursor"))
        #expect(end == page1.string("products.edges[3].cursor"))
        #expect(!end.contains("Product"), "cursors are opaque")

        let page2 = try shop.data("query($after: String) { products(first: 4, after: $after) { nodes { handle } pageInfo { hasNextPage hasPreviousPage } } }",
                                  variables: ["after": .string(end)])
        #expect(page2.at("products.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue }
            == ["leather-chelsea-boot", "shoe-care-kit", "cotton-laces", "trail-sandal"])
        #expect(page2.bool("products.pageInfo.hasPreviousPage") == true)
        #expect(page2.bool("products.pageInfo.hasNextPage") == true)

        let last = try shop.data("query($before: String) { products(last: 2, before: $before) { nodes { handle } pageInfo { hasPreviousPage hasNextPage } } }",
                                 variables: ["before": .string(end)])
        #expect(last.at("products.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["trail-runner", "wool-socks"])
        #expect(last.bool("products.pageInfo.hasPreviousPage") == true)
        #expect(last.bool("products.pageInfo.hasNextPage") == true)

        let tail = try shop.data("{ products(last: 1) { nodes { handle } pageInfo { hasNextPage hasPreviousPage } } }")
        #expect(tail.string("products.nodes[0].handle") == "insulated-winter-boot")
        #expect(tail.bool("products.pageInfo.hasNextPage") == false)
    }

    @Test("a connection without first or last, or with a bad cursor, is a field error with its path")
    func paginationErrors() throws {
        let json = try shop.graphql("{ shop { name } collection(handle: \"shoes\") { title products { nodes { id } } } }")
        #expect(json.string("data.shop.name") == "Sample Shoes")
        #expect(json.at("data.collection") == .null)
        #expect(json.string("errors[0].message") == "you must provide one of first or last")
        #expect(json.at("errors[0].path") == ["collection", "products"])
        #expect(json.int("errors[0].locations[0].line") == 1)

        let bad = try shop.graphql("{ products(first: 2, after: \"bm9wZQ==\") { nodes { id } } }")
        #expect(bad.at("data") == .null)
        #expect(bad.string("errors[0].message")?.hasPrefix("Invalid cursor") == true)
    }

    @Test("query: filters by title, tag, vendor, negation and OR; sortKey and reverse order")
    func filteringAndSorting() throws {
        func handles(_ arguments: String) throws -> [String] {
            let data = try shop.data("{ products(first: 50, \(arguments)) { nodes { handle } } }")
            return data.at("products.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } ?? []
        }
        #expect(try handles(#"query: "title:trail""#) == ["trail-runner", "trail-sandal"])
        #expect(try handles(#"query: "sneaker""#) == ["classic-sneaker", "canvas-slip-on"])
        #expect(try handles(#"query: "tag:summer -tag:sale""#) == ["trail-sandal"])
        #expect(try handles(#"query: "vendor:Northwool OR product_type:Boots""#) == ["wool-socks", "leather-chelsea-boot", "insulated-winter-boot"])
        #expect(try handles(#"query: "title:'Wool Socks'""#) == ["wool-socks"])
        #expect(try handles(#"query: "available_for_sale:false""#) == ["insulated-winter-boot"])
        #expect(try handles(#"sortKey: PRICE"#).prefix(3) == ["cotton-laces", "wool-socks", "shoe-care-kit"])
        #expect(try handles(#"sortKey: TITLE, reverse: true"#).first == "wool-socks")
        #expect(try handles(#"sortKey: ID, reverse: true"#).first == "insulated-winter-boot")

        let collections = try shop.data(#"{ collections(first: 5, sortKey: TITLE) { nodes { handle } } q: collections(first: 5, query: "title:out") { nodes { handle } } }"#)
        #expect(collections.at("collections.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["accessories", "outdoor", "shoes"])
        #expect(collections.string("q.nodes[0].handle") == "outdoor")
    }

    @Test("collections: products in collection order, filters, product.collections")
    func collections() throws {
        let data = try shop.data("""
            { collection(handle: "outdoor") { id title onlineStoreUrl
                all: products(first: 10) { nodes { handle } }
                available: products(first: 10, filters: [{available: true}]) { nodes { handle } }
                priced: products(first: 10, filters: [{price: {min: 100}}]) { nodes { handle } }
              }
              product(handle: "trail-runner") { collections(first: 5) { nodes { handle } } } }
            """)
        #expect(data.string("collection.id") == "gid://shopify/Collection/3")
        #expect(data.string("collection.onlineStoreUrl") == "https://sample-shoes.example.invalid/collections/outdoor")
        #expect(data.at("collection.all.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["trail-runner", "trail-sandal", "insulated-winter-boot"])
        #expect(data.at("collection.available.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["trail-runner", "trail-sandal"])
        #expect(data.at("collection.priced.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["trail-runner", "insulated-winter-boot"])
        #expect(data.at("product.collections.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["shoes", "outdoor"])
    }

    @Test("node and nodes find any Node by global ID, null for unknown ones")
    func nodes() throws {
        let cart = try shop.createCart([(1, 1)])
        let lines = try shop.data("{ cart(id: \"\(cart)\") { lines(first: 1) { nodes { id } } } }")
        let line = try #require(lines.string("cart.lines.nodes[0].id"))
        let ids: [String] = [
            "gid://shopify/Product/2", "gid://shopify/ProductVariant/7", "gid://shopify/Collection/1", "gid://shopify/Shop/1",
            "gid://shopify/ProductOption/4", "gid://shopify/ProductOptionValue/8", cart, line,
            "gid://shopify/Product/999", "gid://shopify/Article/999", "not-a-gid",
        ]
        let data = try shop.data("query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } one: node(id: \"gid://shopify/ProductVariant/5\") { ... on ProductVariant { title product { handle } } } }",
                                 variables: ["ids": .array(ids.map(JSONValue.string))])
        let types = data.at("nodes")?.arrayValue?.map { $0["__typename"]?.stringValue ?? "null" }
        #expect(types == ["Product", "ProductVariant", "Collection", "Shop", "ProductOption", "ProductOptionValue", "Cart", "CartLine", "null", "null", "null"])
        #expect(data.string("nodes[6].id") == cart)
        #expect(data.string("one.product.handle") == "trail-runner")
    }

    @Test("@inContext(country: CA) prices in CAD at the catalog's fixed rate, rounded half up")
    func canadianDollars() throws {
        let data = try shop.data("""
            query @inContext(country: CA) {
              a: product(handle: "classic-sneaker") { priceRange { minVariantPrice { amount currencyCode } } }
              b: product(handle: "trail-runner") { variants(first: 1) { nodes { price { amount currencyCode } } } }
              c: product(handle: "wool-socks") { variants(first: 1) { nodes { price { amount } } } }
            }
            """)
        #expect(data.string("a.priceRange.minVariantPrice.amount") == "120.15")
        #expect(data.string("a.priceRange.minVariantPrice.currencyCode") == "CAD")
        #expect(data.string("b.variants.nodes[0].price.amount") == "174.83")
        #expect(data.string("c.variants.nodes[0].price.amount") == "16.20")

        let viaVariable = try shop.data("query($c: CountryCode) @inContext(country: $c) { product(handle: \"classic-sneaker\") { priceRange { minVariantPrice { currencyCode } } } }",
                                        variables: ["c": "CA"])
        #expect(viaVariable.string("product.priceRange.minVariantPrice.currencyCode") == "CAD")
        let france = try shop.data("query @inContext(country: FR) { product(handle: \"classic-sneaker\") { priceRange { minVariantPrice { amount currencyCode } } } }")
        #expect(france.string("product.priceRange.minVariantPrice.currencyCode") == "USD", "unmapped countries price in the shop currency")
    }

    @Test("a cart created under @inContext(country: CA) is priced in CAD: two sneakers 240.30 CAD, Standard 6.75 CAD")
    func canadianCart() throws {
        let created = try shop.data("""
            mutation @inContext(country: CA) { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1", quantity: 2}]}) {
              cart { id buyerIdentity { countryCode } cost { subtotalAmount { amount currencyCode } }
                     deliveryGroups(first: 1) { nodes { id deliveryOptions { handle estimatedCost { amount currencyCode } } } } } } }
            """)
        #expect(created.string("cartCreate.cart.buyerIdentity.countryCode") == "CA")
        #expect(created.string("cartCreate.cart.cost.subtotalAmount.amount") == "240.30")
        #expect(created.string("cartCreate.cart.cost.subtotalAmount.currencyCode") == "CAD")
        #expect(created.string("cartCreate.cart.deliveryGroups.nodes[0].deliveryOptions[0].estimatedCost.amount") == "6.75")
        #expect(created.string("cartCreate.cart.deliveryGroups.nodes[0].deliveryOptions[1].estimatedCost.amount") == "20.25")
        let id = try #require(created.string("cartCreate.cart.id"))
        // Later queries without @inContext still see the cart's currency.
        let later = try shop.data("{ cart(id: \"\(id)\") { cost { totalAmount { amount currencyCode } } } }")
        #expect(later.string("cart.cost.totalAmount.currencyCode") == "CAD")
        #expect(later.string("cart.cost.totalAmount.amount") == "240.30")
    }

    @Test("@inContext(language: FR) and Accept-Language give French titles, falling back where untranslated")
    func french() throws {
        let query = "{ a: product(handle: \"classic-sneaker\") { title description } b: product(handle: \"cotton-laces\") { title } c: collection(handle: \"shoes\") { title } d: product(handle: \"shoe-care-kit\") { title description } }"
        let inContext = try shop.data("query @inContext(language: FR) " + query)
        #expect(inContext.string("a.title") == "Basket classique")
        #expect(inContext.string("a.description")?.hasPrefix("Une basket") == true)
        #expect(inContext.string("b.title") == "Cotton Laces")
        #expect(inContext.string("c.title") == "Chaussures")
        #expect(inContext.string("d.title") == "Kit d'entretien pour chaussures")
        #expect(inContext.string("d.description")?.hasPrefix("A horsehair brush") == true, "an untranslated key falls back")

        let header = try shop.data(query, headers: [("Accept-Language", "fr-CA,fr;q=0.9,en;q=0.8")])
        #expect(header.string("a.title") == "Basket classique")
        let english = try shop.data(query, headers: [("Accept-Language", "en-US,fr;q=0.5")])
        #expect(english.string("a.title") == "Classic Sneaker")
        let override = try shop.data("query @inContext(language: EN) " + query, headers: [("Accept-Language", "fr")])
        #expect(override.string("a.title") == "Classic Sneaker", "@inContext wins over Accept-Language")
    }

    @Test("description(truncateAt:), images with transforms, variant details")
    func productDetails() throws {
        let data = try shop.data("""
            { product(handle: "classic-sneaker") {
                description(truncateAt: 10) descriptionHtml onlineStoreUrl featuredImage { url altText width }
                images(first: 5) { nodes { id url(transform: {maxWidth: 100, maxHeight: 50}) } }
                variantsCount { count precision }
                variants(first: 1) { nodes { sku weight weightUnit quantityRule { minimum increment maximum } selectedOptions { name value } image { id } product { id } } }
            } }
            """)
        #expect(data.string("product.description") == "A clean ev…")
        #expect(data.string("product.onlineStoreUrl") == "https://sample-shoes.example.invalid/products/classic-sneaker")
        #expect(data.int("product.featuredImage.width") == 1200)
        #expect(data.string("product.images.nodes[1].url")?.hasSuffix("classic-sneaker-2.jpg?width=100&height=50") == true)
        #expect(data.int("product.variantsCount.count") == 3)
        #expect(data.string("product.variants.nodes[0].sku") == "CS-WHT-8")
        #expect(data.at("product.variants.nodes[0].weight")?.doubleValue == 0.9)
        #expect(data.int("product.variants.nodes[0].quantityRule.minimum") == 1)
        #expect(data.string("product.variants.nodes[0].selectedOptions[0].value") == "8")
        #expect(data.string("product.variants.nodes[0].image.id") == "gid://shopify/ProductImage/1")
    }

    @Test("introspection: __schema, __type and __typename")
    func introspection() throws {
        let data = try shop.data("""
            { __schema { queryType { name } mutationType { name } types { name } directives { name } }
              __type(name: "CartErrorCode") { kind enumValues { name } }
              product(handle: "wool-socks") { __typename } }
            """)
        #expect(data.string("__schema.queryType.name") == "QueryRoot")
        #expect(data.string("__schema.mutationType.name") == "Mutation")
        #expect((data.count("__schema.types") ?? 0) > 140)
        #expect(data.at("__schema.directives")?.arrayValue?.contains { $0["name"] == "inContext" } == true)
        #expect(data.string("__type.kind") == "ENUM")
        #expect(data.at("__type.enumValues")?.arrayValue?.contains { $0["name"] == "NOTE_TOO_LONG" } == true)
        #expect(data.string("product.__typename") == "Product")
    }
}
