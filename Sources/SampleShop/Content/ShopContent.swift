import BuyflowCore

/// The catalog's online-store content: pages, blogs and their articles, navigation
/// menus, URL redirects, shop policies and media images, with lookups by handle and ID.
final class ShopContent: Sendable {
    let pages: [PageNode]
    let blogs: [BlogNode]
    /// Every article of every blog, in catalog order.
    let articles: [ArticleNode]
    /// `Menu` objects (JSON, with nested `MenuItem`s).
    let menus: [JSONValue]
    /// `UrlRedirect` objects, in catalog order.
    let urlRedirects: [JSONValue]

    private let pageByHandle: [String: Int]
    private let pageByID: [String: Int]
    private let blogByHandle: [String: Int]
    private let blogByID: [String: Int]
    private let articleByID: [String: Int]
    private let menuByHandle: [String: Int]
    /// JSON nodes by global ID: menus, menu items, URL redirects, shop policies, media images.
    private let jsonNodes: [String: JSONValue]

    static let empty = ShopContent(pages: [], blogs: [], articles: [], menus: [], urlRedirects: [], otherNodes: [])

    /// `otherNodes`: JSON objects reachable by `node(id:)` besides menus (with their items)
    /// and redirects, such as shop policies and media images.
    init(pages: [PageNode], blogs: [BlogNode], articles: [ArticleNode], menus: [JSONValue], urlRedirects: [JSONValue],
         otherNodes: [JSONValue]) {
        self.pages = pages
        self.blogs = blogs
        self.articles = articles
        self.menus = menus
        self.urlRedirects = urlRedirects
        pageByHandle = Self.index(pages.map(\.handle))
        pageByID = Self.index(pages.map(\.id))
        blogByHandle = Self.index(blogs.map(\.handle))
        blogByID = Self.index(blogs.map(\.id))
        articleByID = Self.index(articles.map(\.id))
        menuByHandle = Self.index(menus.map { $0["handle"]?.stringValue ?? "" })
        var nodes: [String: JSONValue] = [:]
        func add(_ node: JSONValue) {
            if let id = node["id"]?.stringValue { nodes[id] = node }
            for item in node["items"]?.arrayValue ?? [] { add(item) }
        }
        for node in menus + urlRedirects + otherNodes { add(node) }
        jsonNodes = nodes
    }

    private static func index(_ keys: [String]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (position, key) in keys.enumerated() where result[key] == nil { result[key] = position }
        return result
    }

    func page(handle: String) -> PageNode? { pageByHandle[handle].map { pages[$0] } }
    func page(id: String) -> PageNode? { pageByID[id].map { pages[$0] } }
    func blog(handle: String) -> BlogNode? { blogByHandle[handle].map { blogs[$0] } }
    func blog(id: String) -> BlogNode? { blogByID[id].map { blogs[$0] } }
    func article(id: String) -> ArticleNode? { articleByID[id].map { articles[$0] } }
    func menu(handle: String) -> JSONValue? { menuByHandle[handle].map { menus[$0] } }
    func blog(of article: ArticleNode) -> BlogNode { blogs[article.blogIndex] }
    func articles(of blog: BlogNode) -> [ArticleNode] { blog.articleIndices.map { articles[$0] } }

    /// A menu, menu item, URL redirect, shop policy or media image by its global ID.
    func jsonNode(id: String) -> JSONValue? { jsonNodes[id] }
}
