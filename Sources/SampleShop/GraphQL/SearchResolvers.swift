import BuyflowCore
import GraphQLKit

/// A page of `search` results with the number of all of them.
final class SearchConnectionValue: Sendable {
    let connection: ConnectionValue
    let totalCount: Int

    init(connection: ConnectionValue, totalCount: Int) {
        self.connection = connection
        self.totalCount = totalCount
    }
}

/// `predictiveSearch`'s answer, each list already limited.
final class PredictiveSearchValue: Sendable {
    let products: [ResolvedValue]
    let collections: [ResolvedValue]
    let pages: [ResolvedValue]
    let articles: [ResolvedValue]
    let queries: [ResolvedValue]

    init(products: [ResolvedValue], collections: [ResolvedValue], pages: [ResolvedValue], articles: [ResolvedValue], queries: [ResolvedValue]) {
        self.products = products
        self.collections = collections
        self.pages = pages
        self.articles = articles
        self.queries = queries
    }
}

/// `search` and `predictiveSearch` (`SiteSearch` finds and scores; the semantics are
/// documented in `samples/README.md`).
extension ResolverTable {
    mutating func registerSearch() {
        onRoot("QueryRoot", "search") { call, context in try Self.search(call, context) }
        onRoot("QueryRoot", "predictiveSearch") { call, context in try Self.predictiveSearch(call, context) }
        let connection = "SearchResultItemConnection"
        on(connection, "edges", SearchConnectionValue.self) { c, _, _ in .list(c.connection.edges.map { .object($0) }) }
        on(connection, "nodes", SearchConnectionValue.self) { c, _, _ in .list(c.connection.edges.map(\.node)) }
        on(connection, "pageInfo", SearchConnectionValue.self) { c, _, _ in .json(c.connection.pageInfo) }
        on(connection, "totalCount", SearchConnectionValue.self) { c, _, _ in .json(.int(c.totalCount)) }
        on("SearchResultItemEdge", "cursor", EdgeValue.self) { e, _, _ in .json(.string(e.cursor)) }
        on("SearchResultItemEdge", "node", EdgeValue.self) { e, _, _ in e.node }
        let result = "PredictiveSearchResult"
        on(result, "products", PredictiveSearchValue.self) { r, _, _ in .list(r.products) }
        on(result, "collections", PredictiveSearchValue.self) { r, _, _ in .list(r.collections) }
        on(result, "pages", PredictiveSearchValue.self) { r, _, _ in .list(r.pages) }
        on(result, "articles", PredictiveSearchValue.self) { r, _, _ in .list(r.articles) }
        on(result, "queries", PredictiveSearchValue.self) { r, _, _ in .list(r.queries) }
    }

    static func enumList(_ call: FieldCall, _ name: String) -> [String]? {
        guard case .array(let items)? = call[argument: name] else { return nil }
        return items.compactMap(\.stringValue)
    }

    /// Matching items of `types`, by relevance (ties: products, collections, pages,
    /// articles, each in catalog order); `unavailableProducts` HIDE drops sold-out
    /// products, LAST (the default) puts them after everything else.
    static func find(
        _ search: SiteSearch, types: Set<String>, unavailable: String?, catalog: ShopCatalog
    ) -> [SearchItem] {
        var candidates: [SearchItem] = []
        if types.contains("PRODUCT") { candidates += catalog.products.map(SearchItem.product) }
        if types.contains("COLLECTION") { candidates += catalog.collections.map(SearchItem.collection) }
        if types.contains("PAGE") { candidates += catalog.content.pages.map(SearchItem.page) }
        if types.contains("ARTICLE") { candidates += catalog.content.articles.map(SearchItem.article) }
        var scored = candidates.compactMap { item in search.score(item).map { (item: item, score: $0) } }
        if unavailable == "HIDE" { scored.removeAll { $0.item.isUnavailableProduct } }
        scored.sort { left, right in
            if left.score != right.score { return left.score > right.score }
            return left.item.rank < right.item.rank
        }
        var items = scored.map(\.item)
        if unavailable != "SHOW" && unavailable != "HIDE" {
            items = items.filter { !$0.isUnavailableProduct } + items.filter(\.isUnavailableProduct)
        }
        return items
    }

    static func search(_ call: FieldCall, _ context: RequestContext) throws -> ResolvedValue {
        let text = call.string("query") ?? ""
        let types = Set(enumList(call, "types") ?? ["ARTICLE", "PAGE", "PRODUCT"])
        let search = SiteSearch(text, prefixLast: call.string("prefix") == "LAST", fields: nil)
        var items = find(search, types: types, unavailable: call.string("unavailableProducts"), catalog: context.catalog)
        if case .array(let filters)? = call[argument: "productFilters"], !filters.isEmpty {
            items = items.filter { item in
                guard case .product(let product) = item else { return true }
                return CatalogOrdering.matches(product, filters: filters, prices: context.prices)
            }
        }
        if call.string("sortKey") == "PRICE" {
            let products = items.compactMap { item -> ProductNode? in if case .product(let p) = item { p } else { nil } }
            items = products.sorted { ($0.minPriceCents, $0.index) < ($1.minPriceCents, $1.index) }.map(SearchItem.product)
                + items.filter { if case .product = $0 { false } else { true } }
        }
        let shown = call.bool("reverse") == true ? items.reversed() : items
        var positions: [String: Int] = [:]
        for (index, item) in shown.enumerated() { positions[item.id] = index + 1 }
        let id = Tracking.searchID(text)
        let page = try Pagination.connection(items, call, key: \.id) { item in
            item.tracked("_pos=\(positions[item.id] ?? 0)&_sid=\(id)&_ss=r")
        }
        guard let connection = page.value(as: ConnectionValue.self) else { return page }
        return .object(SearchConnectionValue(connection: connection, totalCount: items.count))
    }

    static func predictiveSearch(_ call: FieldCall, _ context: RequestContext) throws -> ResolvedValue {
        let text = call.string("query") ?? ""
        let limit = call.int("limit") ?? 10
        guard (1...10).contains(limit) else {
            throw GraphQLError("limit must be between 1 and 10, found \(limit)", extensions: .code("BAD_USER_INPUT"))
        }
        let types = Set(enumList(call, "types") ?? ["QUERY", "PRODUCT", "COLLECTION", "PAGE"])
        let fields = Set(enumList(call, "searchableFields") ?? ["TITLE", "PRODUCT_TYPE", "VARIANTS_TITLE", "VENDOR"])
        let search = SiteSearch(text, prefixLast: true, fields: fields)
        let found = find(search, types: types.subtracting(["QUERY"]), unavailable: call.string("unavailableProducts"), catalog: context.catalog)
        let each = call.string("limitScope") == "EACH"
        var left = limit
        func take(_ values: [ResolvedValue]) -> [ResolvedValue] {
            let taken = Array(values.prefix(each ? limit : left))
            if !each { left -= taken.count }
            return taken
        }
        let parameters = { (position: Int) in "_pos=\(position)&_psq=\(Tracking.formEncoded(text))&_ss=e&_v=1.0" }
        func tracked(_ kind: (SearchItem) -> Bool) -> [ResolvedValue] {
            found.filter(kind).enumerated().map { $1.tracked(parameters($0 + 1)) }
        }
        var queries: [ResolvedValue] = []
        if types.contains("QUERY") {
            for (index, suggestion) in QuerySuggestions.suggestions(text, catalog: context.catalog).enumerated() {
                queries.append(.json([
                    "__typename": "SearchQuerySuggestion", "styledText": .string(suggestion.styledText),
                    "text": .string(suggestion.text), "trackingParameters": .string(parameters(index + 1)),
                ]))
            }
        }
        let takenQueries = take(queries)
        let products = take(tracked { if case .product = $0 { true } else { false } })
        let collections = take(tracked { if case .collection = $0 { true } else { false } })
        let pages = take(tracked { if case .page = $0 { true } else { false } })
        let articles = take(tracked { if case .article = $0 { true } else { false } })
        return .object(PredictiveSearchValue(
            products: products, collections: collections, pages: pages, articles: articles, queries: takenQueries
        ))
    }
}

/// The `trackingParameters` of search results: `_pos` (1-based position), `_sid` (a
/// search ID: 9 hex digits of an FNV-1a hash of the lowercased query) and `_ss=r` for
/// `search`; `_pos`, `_psq` (the query, form-encoded), `_ss=e` and `_v=1.0` for
/// `predictiveSearch`.
enum Tracking {
    static func searchID(_ query: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in query.lowercased().utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(9))
    }

    /// `application/x-www-form-urlencoded`: letters, digits and `-._~` kept, space `+`,
    /// every other byte `%XX`.
    static func formEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
