import BuyflowCore
import Testing
@testable import SampleShop

/// `search` and `predictiveSearch` over the default catalog.
@Suite("search and predictiveSearch: relevance, types, cursors, suggestions")
struct SearchTests {
    let shop: TestShop

    init() throws { shop = try TestShop() }

    static func items(_ data: JSONValue, _ path: String) -> [String] {
        data.at(path)?.arrayValue?.map { "\($0["__typename"]?.stringValue ?? "?"):\($0["handle"]?.stringValue ?? "?")" } ?? []
    }

    static let node = "__typename ... on Product { handle } ... on Page { handle } ... on Article { handle }"

    @Test("search finds products, pages and articles by relevance: title words first, then other fields")
    func relevance() throws {
        let data = try shop.data("""
            { trail: search(query: "trail", first: 10) { totalCount nodes { \(Self.node) } }
              boots: search(query: "boots", first: 10) { totalCount nodes { \(Self.node) } }
              two: search(query: "leather boot", first: 10) { nodes { \(Self.node) } }
              none: search(query: "zebra", first: 10) { totalCount nodes { __typename } pageInfo { hasNextPage startCursor } }
              blank: search(query: "  ", first: 10) { totalCount } }
            """)
        #expect(data.int("trail.totalCount") == 5)
        #expect(Self.items(data, "trail.nodes") == [
            "Product:trail-runner", "Product:trail-sandal", "Article:trail-running-tips", "Page:size-guide", "Article:spring-collection",
        ])
        // "boots" matches "boot" (a plural s is ignored); the sold-out winter boot comes last (unavailableProducts: LAST).
        #expect(Self.items(data, "boots.nodes") == [
            "Product:leather-chelsea-boot", "Article:caring-for-leather-boots", "Page:size-guide", "Product:insulated-winter-boot",
        ])
        #expect(Self.items(data, "two.nodes") == ["Product:leather-chelsea-boot", "Article:caring-for-leather-boots"], "both words in both titles: products first")
        #expect(data.int("none.totalCount") == 0)
        #expect(data.count("none.nodes") == 0)
        #expect(data.bool("none.pageInfo.hasNextPage") == false)
        #expect(data.int("blank.totalCount") == 0)
    }

    @Test("types, unavailableProducts, sortKey PRICE, prefix, productFilters and field terms")
    func arguments() throws {
        let data = try shop.data("""
            { pages: search(query: "trail", types: [PAGE], first: 10) { totalCount nodes { \(Self.node) } }
              hide: search(query: "boot", types: [PRODUCT], unavailableProducts: HIDE, first: 10) { totalCount nodes { \(Self.node) } }
              show: search(query: "boot", types: [PRODUCT], unavailableProducts: SHOW, first: 10) { nodes { \(Self.node) } }
              price: search(query: "trail", types: [PRODUCT], sortKey: PRICE, first: 10) { nodes { \(Self.node) } }
              noPrefix: search(query: "sneak", first: 10) { totalCount }
              prefix: search(query: "sneak", prefix: LAST, first: 10) { nodes { \(Self.node) } }
              star: search(query: "sneak*", types: [PRODUCT], first: 10) { totalCount }
              filtered: search(query: "trail", types: [PRODUCT], productFilters: [{price: {max: 100}}], first: 10) { nodes { \(Self.node) } }
              tagged: search(query: "tag:leather", first: 10) { nodes { \(Self.node) } } }
            """)
        #expect(Self.items(data, "pages.nodes") == ["Page:size-guide"])
        #expect(data.int("hide.totalCount") == 1)
        #expect(Self.items(data, "hide.nodes") == ["Product:leather-chelsea-boot"])
        #expect(Self.items(data, "show.nodes") == ["Product:leather-chelsea-boot", "Product:insulated-winter-boot"])
        #expect(Self.items(data, "price.nodes") == ["Product:trail-sandal", "Product:trail-runner"])
        #expect(data.int("noPrefix.totalCount") == 0)
        #expect(Self.items(data, "prefix.nodes") == ["Product:classic-sneaker", "Product:canvas-slip-on", "Page:size-guide"], "titles, then a product type, then a page body")
        #expect(data.int("star.totalCount") == 2)
        #expect(Self.items(data, "filtered.nodes") == ["Product:trail-sandal"])
        #expect(Self.items(data, "tagged.nodes") == ["Product:classic-sneaker", "Product:leather-chelsea-boot", "Article:caring-for-leather-boots"])
    }

    @Test("search pages with cursors; results carry Shopify-style tracking parameters")
    func pagination() throws {
        let first = try shop.data("""
            { search(query: "trail", first: 2) { totalCount edges { cursor node { ... on Product { handle trackingParameters } } }
                pageInfo { hasNextPage hasPreviousPage endCursor } } }
            """)
        #expect(first.int("search.totalCount") == 5)
        #expect(first.string("search.edges[0].node.trackingParameters") == "_pos=1&_sid=dee793a6c&_ss=r")
        #expect(first.string("search.edges[1].node.trackingParameters") == "_pos=2&_sid=dee793a6c&_ss=r")
        #expect(first.bool("search.pageInfo.hasNextPage") == true)
        let cursor = try #require(first.string("search.pageInfo.endCursor"))
        let next = try shop.data("""
            query($after: String) { search(query: "trail", first: 2, after: $after) { totalCount
              nodes { ... on Article { handle trackingParameters } ... on Page { handle trackingParameters } } pageInfo { hasPreviousPage } } }
            """, variables: ["after": .string(cursor)])
        #expect(next.int("search.totalCount") == 5)
        #expect(next.at("search.nodes")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["trail-running-tips", "size-guide"])
        #expect(next.string("search.nodes[0].trackingParameters") == "_pos=3&_sid=dee793a6c&_ss=r")
        #expect(next.bool("search.pageInfo.hasPreviousPage") == true)
        let plain = try shop.data(#"{ product(handle: "trail-runner") { trackingParameters } }"#)
        #expect(plain.at("product.trackingParameters") == .null, "a product not reached by search has none")
    }

    @Test("predictiveSearch: prefix matching, the default types, limits per type or overall, and query suggestions with <mark>")
    func predictive() throws {
        let data = try shop.data("""
            { all: predictiveSearch(query: "tr", types: [ARTICLE, COLLECTION, PAGE, PRODUCT, QUERY]) {
                products { handle trackingParameters } collections { handle } pages { handle } articles { handle }
                queries { __typename text styledText trackingParameters } }
              defaults: predictiveSearch(query: "out") { products { handle } collections { handle } articles { handle } queries { text } }
              each: predictiveSearch(query: "tr", limit: 1, limitScope: EACH, types: [PRODUCT, QUERY]) { products { handle } queries { text } }
              overall: predictiveSearch(query: "tr", limit: 2, limitScope: ALL, types: [PRODUCT, QUERY]) { products { handle } queries { text } }
              sn: predictiveSearch(query: "sn") { products { handle } queries { text styledText } }
              typed: predictiveSearch(query: "sneakers", searchableFields: [PRODUCT_TYPE]) { products { handle } }
              body: predictiveSearch(query: "portland", types: [PAGE], searchableFields: [BODY]) { pages { handle } }
              none: predictiveSearch(query: "zebra", types: [QUERY, PRODUCT]) { products { handle } queries { text } } }
            """)
        func handles(_ path: String) -> [String] { data.at(path)?.arrayValue?.compactMap { $0["handle"]?.stringValue } ?? [] }
        func texts(_ path: String) -> [String] { data.at(path)?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? [] }
        #expect(handles("all.products") == ["trail-runner", "trail-sandal"])
        #expect(data.string("all.products[1].trackingParameters") == "_pos=2&_psq=tr&_ss=e&_v=1.0")
        #expect(handles("all.collections") == [])
        #expect(handles("all.articles") == ["trail-running-tips"])
        #expect(texts("all.queries") == ["trail", "trail runner", "trail sandal"])
        #expect(data.string("all.queries[0].__typename") == "SearchQuerySuggestion")
        #expect(data.string("all.queries[1].styledText") == "<mark>tr</mark>ail runner")
        #expect(data.string("all.queries[2].trackingParameters") == "_pos=3&_psq=tr&_ss=e&_v=1.0")
        // Without types: QUERY, PRODUCT, COLLECTION and PAGE — no articles.
        #expect(handles("defaults.collections") == ["outdoor"])
        #expect(data.count("defaults.articles") == 0)
        #expect(texts("defaults.queries") == ["outdoor"])
        #expect(handles("each.products") == ["trail-runner"])
        #expect(texts("each.queries") == ["trail"])
        #expect(texts("overall.queries") == ["trail", "trail runner"], "ALL: queries fill the limit first")
        #expect(handles("overall.products") == [])
        #expect(handles("sn.products") == ["classic-sneaker", "canvas-slip-on"])
        #expect(data.at("sn.queries")?.arrayValue?.compactMap { $0["styledText"]?.stringValue } == ["<mark>sn</mark>eakers", "classic <mark>sn</mark>eaker"])
        #expect(handles("typed.products") == ["classic-sneaker", "canvas-slip-on"])
        #expect(handles("body.pages") == ["about"])
        #expect(texts("none.queries") == [])
        #expect(handles("none.products") == [])
    }

    @Test("predictiveSearch's limit is 1 to 10")
    func limits() throws {
        let json = try shop.graphql(#"{ predictiveSearch(query: "tr", limit: 11) { products { handle } } }"#)
        #expect(json["errors"]?[0]?["message"]?.stringValue == "limit must be between 1 and 10, found 11")
        #expect(json["data"]?["predictiveSearch"] == .null)
    }

    @Test("query suggestions mark the matched part of each word and escape the rest")
    func styledText() {
        #expect(QuerySuggestions.styled("classic sneaker", terms: ["sneak"]) == "classic <mark>sneak</mark>er")
        #expect(QuerySuggestions.styled("trail runner", terms: ["trail", "ru"]) == "<mark>trail</mark> <mark>ru</mark>nner")
        #expect(QuerySuggestions.styled("boots & laces", terms: ["boots"]) == "<mark>boots</mark> &amp; laces")
        #expect(QuerySuggestions.styled("boot", terms: ["boots"]) == "<mark>boot</mark>", "a plural term marks the singular word")
    }
}
