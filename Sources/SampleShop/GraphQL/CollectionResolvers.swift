import BuyflowCore
import GraphQLKit

/// `Collection`.
extension ResolverTable {
    mutating func registerCollections() {
        let collection = "Collection"
        on(collection, "id", CollectionNode.self) { c, _, _ in .json(.string(c.id)) }
        on(collection, "handle", CollectionNode.self) { c, _, _ in .json(.string(c.handle)) }
        on(collection, "title", CollectionNode.self) { c, _, context in .json(.string(c.text.title(context.language))) }
        on(collection, "description", CollectionNode.self) { c, call, context in
            .json(.string(LocalizedText.truncate(c.text.description(context.language), at: call.int("truncateAt"))))
        }
        on(collection, "descriptionHtml", CollectionNode.self) { c, _, context in .json(.string(c.text.descriptionHtml(context.language))) }
        on(collection, "image", CollectionNode.self) { c, _, _ in .json(c.image) }
        on(collection, "onlineStoreUrl", CollectionNode.self) { c, _, _ in .json(.string(c.onlineStoreUrl)) }
        on(collection, "seo", CollectionNode.self) { c, _, _ in .json(c.seo) }
        onTracking(collection)
        on(collection, "updatedAt", CollectionNode.self) { c, _, _ in .json(.string(c.updatedAt)) }
        on(collection, "products", CollectionNode.self) { c, call, context in
            var products = c.productIndices.map { context.catalog.products[$0] }
            if case .array(let filters)? = call[argument: "filters"], !filters.isEmpty {
                products = products.filter { CatalogOrdering.matches($0, filters: filters, prices: context.prices) }
            }
            products = CatalogOrdering.products(products, sortKey: call.string("sortKey"))
            return try Pagination.connection(products, call, key: \.id, node: ResolvedValue.product)
        }
    }
}
