import BuyflowCore
import GraphQLKit

/// How catalog objects appear as resolver values.
extension ResolvedValue {
    static func product(_ product: ProductNode) -> ResolvedValue { .object(product, typeName: "Product") }
    static func variant(_ variant: VariantNode) -> ResolvedValue { .object(variant, typeName: "ProductVariant") }
    static func collection(_ collection: CollectionNode) -> ResolvedValue { .object(collection, typeName: "Collection") }
    static func option(_ option: ProductOptionNode) -> ResolvedValue { .object(option, typeName: "ProductOption") }
    static func optionValue(_ value: ProductOptionValueNode) -> ResolvedValue { .object(value, typeName: "ProductOptionValue") }
    static func cart(_ cart: CartView) -> ResolvedValue { .object(cart, typeName: "Cart") }
    static func line(_ line: CartLineView) -> ResolvedValue { .object(line, typeName: line.typeName) }
    static func page(_ page: PageNode) -> ResolvedValue { .object(page, typeName: "Page") }
    static func blog(_ blog: BlogNode) -> ResolvedValue { .object(blog, typeName: "Blog") }
    static func article(_ article: ArticleNode) -> ResolvedValue { .object(article, typeName: "Article") }
}

/// Ordering and filtering of catalog lists (`sortKey`, `query`, `filters`).
enum CatalogOrdering {
    static func products(_ products: [ProductNode], sortKey: String?, catalogOrder: Bool = true) -> [ProductNode] {
        switch sortKey {
        case "ID": return products.sorted { $0.number < $1.number }
        case "TITLE": return products.sorted { ($0.text.title.lowercased(), $0.number) < ($1.text.title.lowercased(), $1.number) }
        case "PRICE": return products.sorted { ($0.minPriceCents, $0.number) < ($1.minPriceCents, $1.number) }
        case "CREATED_AT", "CREATED": return products.sorted { ($0.createdAt, $0.number) < ($1.createdAt, $1.number) }
        case "UPDATED_AT": return products.sorted { ($0.updatedAt, $0.number) < ($1.updatedAt, $1.number) }
        case "VENDOR": return products.sorted { ($0.vendor.lowercased(), $0.number) < ($1.vendor.lowercased(), $1.number) }
        case "PRODUCT_TYPE": return products.sorted { ($0.productType.lowercased(), $0.number) < ($1.productType.lowercased(), $1.number) }
        default: return products // BEST_SELLING, RELEVANCE, COLLECTION_DEFAULT, MANUAL: catalog (or collection) order
        }
    }

    static func collections(_ collections: [CollectionNode], sortKey: String?) -> [CollectionNode] {
        switch sortKey {
        case "ID": return collections.sorted { $0.number < $1.number }
        case "TITLE": return collections.sorted { ($0.text.title.lowercased(), $0.number) < ($1.text.title.lowercased(), $1.number) }
        case "UPDATED_AT": return collections.sorted { ($0.updatedAt, $0.number) < ($1.updatedAt, $1.number) }
        default: return collections
        }
    }

    static func variants(_ variants: [VariantNode], sortKey: String?) -> [VariantNode] {
        switch sortKey {
        case "ID": return variants.sorted { $0.number < $1.number }
        case "SKU": return variants.sorted { ($0.sku ?? "", $0.position) < ($1.sku ?? "", $1.position) }
        case "TITLE": return variants.sorted { ($0.title.lowercased(), $0.position) < ($1.title.lowercased(), $1.position) }
        default: return variants
        }
    }

    /// One positive term of `products(query:)`.
    static func product(_ product: ProductNode, field: String?, value: String) -> Bool {
        switch field {
        case nil:
            return SearchQuery.textMatches(product.text.title, value) || SearchQuery.textMatches(product.vendor, value)
                || SearchQuery.textMatches(product.productType, value) || product.tags.contains { SearchQuery.valueEquals($0, value) }
        case "title": return SearchQuery.textMatches(product.text.title, value)
        case "tag", "tags": return product.tags.contains { SearchQuery.valueEquals($0, value) }
        case "product_type": return SearchQuery.valueEquals(product.productType, value)
        case "vendor": return SearchQuery.valueEquals(product.vendor, value)
        case "handle": return SearchQuery.valueEquals(product.handle, value)
        case "id": return value == String(product.number) || value == product.id
        case "sku": return product.variants.contains { SearchQuery.valueEquals($0.sku ?? "", value) }
        case "available_for_sale": return (value.lowercased() == "true") == product.availableForSale
        default: return false
        }
    }

    /// One positive term of `collections(query:)`.
    static func collection(_ collection: CollectionNode, field: String?, value: String) -> Bool {
        switch field {
        case nil, "title": return SearchQuery.textMatches(collection.text.title, value)
        case "handle": return SearchQuery.valueEquals(collection.handle, value)
        case "id": return value == String(collection.number) || value == collection.id
        default: return false
        }
    }

    /// `Collection.products(filters:)`: filters of one kind match any of their values,
    /// filters of different kinds must all match. Metafield and category filters match
    /// nothing (the catalog has no metafields or categories).
    static func matches(_ product: ProductNode, filters: [JSONValue], prices: PriceContext) -> Bool {
        var byKind: [String: [JSONValue]] = [:]
        var order: [String] = []
        for filter in filters {
            guard case .object(let object) = filter else { continue }
            for (kind, value) in object where value != .null {
                if byKind[kind] == nil { order.append(kind) }
                byKind[kind, default: []].append(value)
            }
        }
        return order.allSatisfy { kind in
            byKind[kind, default: []].contains { value in
                switch kind {
                case "available": return product.availableForSale == (value.boolValue ?? true)
                case "productType": return SearchQuery.valueEquals(product.productType, value.stringValue ?? "")
                case "productVendor": return SearchQuery.valueEquals(product.vendor, value.stringValue ?? "")
                case "tag": return product.tags.contains { SearchQuery.valueEquals($0, value.stringValue ?? "") }
                case "price":
                    let minimum = value["min"]?.doubleValue ?? 0
                    let maximum = value["max"]?.doubleValue ?? .infinity
                    return product.variants.contains { variant in
                        let amount = Double(prices.convert(variant.priceCents)) / 100
                        return amount >= minimum && amount <= maximum
                    }
                case "variantOption":
                    let name = value["name"]?.stringValue ?? ""
                    let wanted = value["value"]?.stringValue ?? ""
                    return product.variants.contains { SearchQuery.valueEquals($0.value(ofOption: name, caseInsensitive: true) ?? "", wanted) }
                default: return false
                }
            }
        }
    }
}
