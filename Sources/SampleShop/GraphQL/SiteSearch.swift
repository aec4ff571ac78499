import BuyflowCore
import GraphQLKit

/// One thing `search` and `predictiveSearch` can find.
enum SearchItem {
    case product(ProductNode)
    case collection(CollectionNode)
    case page(PageNode)
    case article(ArticleNode)

    var id: String {
        switch self {
        case .product(let product): product.id
        case .collection(let collection): collection.id
        case .page(let page): page.id
        case .article(let article): article.id
        }
    }

    /// Products first, then collections, pages and articles, for ties.
    var rank: (Int, Int) {
        switch self {
        case .product(let product): (0, product.index)
        case .collection(let collection): (1, collection.index)
        case .page(let page): (2, page.index)
        case .article(let article): (3, article.index)
        }
    }

    /// Its searchable texts by `SearchableField`.
    var fields: [(field: String, text: String)] {
        switch self {
        case .product(let product):
            return [("TITLE", product.text.title), ("PRODUCT_TYPE", product.productType), ("VENDOR", product.vendor),
                    ("BODY", product.text.description)]
                + product.tags.map { ("TAG", $0) }
                + product.variants.map { ("VARIANTS_TITLE", $0.title) }
                + product.variants.compactMap { variant in variant.sku.map { ("VARIANTS_SKU", $0) } }
                + product.variants.compactMap { variant in variant.barcode.map { ("VARIANTS_BARCODE", $0) } }
        case .collection(let collection):
            return [("TITLE", collection.text.title), ("BODY", collection.text.description)]
        case .page(let page):
            return [("TITLE", page.title), ("BODY", LocalizedText.plainText(fromHTML: page.body))]
        case .article(let article):
            return [("TITLE", article.title), ("BODY", article.content), ("AUTHOR", article.authorName)] + article.tags.map { ("TAG", $0) }
        }
    }

    var isUnavailableProduct: Bool {
        if case .product(let product) = self { return !product.availableForSale }
        return false
    }

    var resolved: ResolvedValue {
        switch self {
        case .product(let product): .product(product)
        case .collection(let collection): .collection(collection)
        case .page(let page): .page(page)
        case .article(let article): .article(article)
        }
    }

    /// The typename and base object, wrapped with tracking parameters.
    func tracked(_ parameters: String) -> ResolvedValue {
        guard case .object(let base, let typeName) = resolved else { return resolved }
        return .object(TrackedResult(base: base, trackingParameters: parameters), typeName: typeName)
    }
}

/// Relevance search over the catalog, as `search` and `predictiveSearch` do it: the
/// query in Shopify's search syntax (`SearchQuery`); its free words must each match a
/// word of a searchable field (case-insensitively, a plural `s` ignored; the last word
/// as a prefix when `prefixLast`, any word ending in `*` as a prefix; a quoted phrase as
/// a substring); `field:value` terms filter (`tag:`, `product_type:`, `vendor:`,
/// `title:`, `author:`…). An item scores 3 for each word found in its title and 1 for
/// one found elsewhere; a blank query finds nothing.
struct SiteSearch {
    let query: SearchQuery
    /// The free words and phrases, lowercased, in order.
    let words: [String]
    let prefixLast: Bool
    /// The `SearchableField`s searched; nil for all.
    let fields: Set<String>?

    init(_ text: String, prefixLast: Bool, fields: Set<String>?) {
        query = SearchQuery(text)
        var words: [String] = []
        for group in query.groups {
            for term in group where term.field == nil && !term.negated && !words.contains(term.value.lowercased()) {
                words.append(term.value.lowercased())
            }
        }
        self.words = words
        self.prefixLast = prefixLast
        self.fields = fields
    }

    /// The item's relevance, or nil when it does not match.
    func score(_ item: SearchItem) -> Int? {
        guard !query.isEmpty else { return nil }
        let texts = item.fields.filter { fields?.contains($0.field) ?? true }
        func weight(_ value: String) -> Int {
            let term = value.lowercased()
            let prefix = prefixLast && term == words.last
            var best = 0
            for (field, text) in texts where best < 3 && Self.matches(text, term, prefix: prefix) {
                best = max(best, field == "TITLE" ? 3 : 1)
            }
            return best
        }
        let matched = query.matches { field, value in
            guard let field else { return weight(value) > 0 }
            return Self.fieldMatches(item, field: field, value: value)
        }
        guard matched else { return nil }
        return words.reduce(0) { $0 + weight($1) }
    }

    static func fieldMatches(_ item: SearchItem, field: String, value: String) -> Bool {
        switch item {
        case .product(let product): return CatalogOrdering.product(product, field: field, value: value)
        case .collection(let collection): return CatalogOrdering.collection(collection, field: field, value: value)
        case .page(let page):
            switch field {
            case "title": return SearchQuery.textMatches(page.title, value)
            case "handle": return SearchQuery.valueEquals(page.handle, value)
            default: return false
            }
        case .article(let article):
            switch field {
            case "title": return SearchQuery.textMatches(article.title, value)
            case "handle": return SearchQuery.valueEquals(article.handle, value)
            case "author": return SearchQuery.textMatches(article.authorName, value)
            case "tag", "tags": return article.tags.contains { SearchQuery.valueEquals($0, value) }
            default: return false
            }
        }
    }

    /// Whether `text` has a word matching `term` (lowercased): equal, equal without a
    /// plural `s`, or (with `prefix`, or a `*` at the end of `term`) starting with it. A
    /// term with a space is a phrase, found anywhere in the text.
    static func matches(_ text: String, _ term: String, prefix: Bool) -> Bool {
        if term.contains(" ") { return text.lowercased().contains(term) }
        var term = Substring(term)
        var prefix = prefix
        if term.hasSuffix("*") {
            term = term.dropLast()
            prefix = true
        }
        guard !term.isEmpty else { return false }
        return words(text).contains { word in
            word == term || stem(word) == stem(term) || (prefix && word.hasPrefix(term))
        }
    }

    /// Lowercased runs of letters and digits.
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }
    }

    static func stem(_ word: Substring) -> Substring {
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? word.dropLast() : word
    }
}
