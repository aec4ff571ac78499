import BuyflowCore

/// A blog of the catalog (`blogs[]`) with its articles.
final class BlogNode: Sendable {
    let index: Int
    let id: String
    let number: Int
    let handle: String
    let title: String
    /// `SEO` object.
    let seo: JSONValue
    let onlineStoreUrl: String
    /// Indices into `ShopContent.articles`, in catalog order.
    let articleIndices: [Int]
    /// `ArticleAuthor` objects: the distinct authors of its articles (by email), in the
    /// order they first write.
    let authors: [JSONValue]

    init(
        index: Int, id: String, number: Int, handle: String, title: String, seo: JSONValue, onlineStoreUrl: String,
        articleIndices: [Int], authors: [JSONValue]
    ) {
        self.index = index
        self.id = id
        self.number = number
        self.handle = handle
        self.title = title
        self.seo = seo
        self.onlineStoreUrl = onlineStoreUrl
        self.articleIndices = articleIndices
        self.authors = authors
    }
}
