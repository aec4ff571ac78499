import BuyflowCore

/// A collection of the catalog.
final class CollectionNode: Sendable {
    let index: Int
    let id: String
    let number: Int
    let handle: String
    let text: LocalizedText
    /// An `Image` object, or null.
    let image: JSONValue
    let updatedAt: String
    let seo: JSONValue
    /// Indices into `ShopCatalog.products`, in collection order.
    let productIndices: [Int]
    let onlineStoreUrl: String

    init(
        index: Int, id: String, number: Int, handle: String, text: LocalizedText, image: JSONValue, updatedAt: String,
        seo: JSONValue, productIndices: [Int], onlineStoreUrl: String
    ) {
        self.index = index
        self.id = id
        self.number = number
        self.handle = handle
        self.text = text
        self.image = image
        self.updatedAt = updatedAt
        self.seo = seo
        self.productIndices = productIndices
        self.onlineStoreUrl = onlineStoreUrl
    }
}
