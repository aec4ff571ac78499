import BuyflowCore

/// An article of a blog (`blogs[].articles[]`).
final class ArticleNode: Sendable {
    let index: Int
    let id: String
    let number: Int
    let handle: String
    let blogIndex: Int
    let title: String
    let contentHtml: String
    let excerptHtml: String?
    /// `ArticleAuthor` object.
    let author: JSONValue
    /// The author's full name, for sorting and search.
    let authorName: String
    /// `Image` object, or null.
    let image: JSONValue
    let publishedAt: String
    let updatedAt: String
    let tags: [String]
    /// `SEO` object.
    let seo: JSONValue
    let onlineStoreUrl: String

    init(
        index: Int, id: String, number: Int, handle: String, blogIndex: Int, title: String, contentHtml: String,
        excerptHtml: String?, author: JSONValue, authorName: String, image: JSONValue, publishedAt: String,
        updatedAt: String, tags: [String], seo: JSONValue, onlineStoreUrl: String
    ) {
        self.index = index
        self.id = id
        self.number = number
        self.handle = handle
        self.blogIndex = blogIndex
        self.title = title
        self.contentHtml = contentHtml
        self.excerptHtml = excerptHtml
        self.author = author
        self.authorName = authorName
        self.image = image
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.tags = tags
        self.seo = seo
        self.onlineStoreUrl = onlineStoreUrl
    }

    /// `content`: the content as one line of plain text.
    var content: String { LocalizedText.plainText(fromHTML: contentHtml) }

    /// `excerpt`: the excerpt as one line of plain text; null without an excerpt.
    var excerpt: String? { excerptHtml.map(LocalizedText.plainText(fromHTML:)) }
}
