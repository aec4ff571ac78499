import BuyflowCore

/// A content page of the catalog (`pages[]`): about, contact…
final class PageNode: Sendable {
    let index: Int
    let id: String
    let number: Int
    let handle: String
    let title: String
    /// The body, HTML.
    let body: String
    /// The body as plain text, at most `summaryLength` characters.
    let bodySummary: String
    let createdAt: String
    let updatedAt: String
    /// `SEO` object.
    let seo: JSONValue
    let onlineStoreUrl: String

    /// Longest `bodySummary` the shop derives from a body.
    static let summaryLength = 150

    init(
        index: Int, id: String, number: Int, handle: String, title: String, body: String, bodySummary: String?,
        createdAt: String, updatedAt: String, seo: JSONValue, onlineStoreUrl: String
    ) {
        self.index = index
        self.id = id
        self.number = number
        self.handle = handle
        self.title = title
        self.body = body
        self.bodySummary = bodySummary
            ?? LocalizedText.truncate(LocalizedText.plainText(fromHTML: body), at: Self.summaryLength)
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.seo = seo
        self.onlineStoreUrl = onlineStoreUrl
    }
}
