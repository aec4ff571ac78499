import BuyflowCore
import GraphQLKit

/// Menus, pages, blogs, articles and URL redirects: the root fields and the object types.
/// `Menu`, `MenuItem`, `UrlRedirect`, `ShopPolicy`, `ArticleAuthor` and `MediaImage` are
/// JSON objects; `Page`, `Blog` and `Article` have resolvers.
extension ResolverTable {
    mutating func registerContent() {
        registerContentRoots()
        registerPages()
        registerBlogs()
        registerArticles()
        for connection in ["PageConnection", "BlogConnection", "ArticleConnection", "UrlRedirectConnection"] {
            on(connection, "edges", ConnectionValue.self) { c, _, _ in .list(c.edges.map { .object($0) }) }
            on(connection, "nodes", ConnectionValue.self) { c, _, _ in .list(c.edges.map(\.node)) }
            on(connection, "pageInfo", ConnectionValue.self) { c, _, _ in .json(c.pageInfo) }
            let edge = String(connection.dropLast("Connection".count)) + "Edge"
            on(edge, "cursor", EdgeValue.self) { e, _, _ in .json(.string(e.cursor)) }
            on(edge, "node", EdgeValue.self) { e, _, _ in e.node }
        }
    }

    private mutating func registerContentRoots() {
        let query = "QueryRoot"
        onRoot(query, "menu") { call, context in context.catalog.content.menu(handle: call.string("handle") ?? "").map { .json($0) } ?? .null }
        onRoot(query, "page") { call, context in
            let content = context.catalog.content
            if let id = call.string("id") { return content.page(id: id).map(ResolvedValue.page) ?? .null }
            if let handle = call.string("handle") { return content.page(handle: handle).map(ResolvedValue.page) ?? .null }
            return .null
        }
        onRoot(query, "pages") { call, context in
            let pages = ContentOrdering.pages(context.catalog.content.pages, query: call.string("query"), sortKey: call.string("sortKey"))
            return try Pagination.connection(pages, call, key: \.id, node: ResolvedValue.page)
        }
        onRoot(query, "blog") { call, context in
            let content = context.catalog.content
            if let id = call.string("id") { return content.blog(id: id).map(ResolvedValue.blog) ?? .null }
            if let handle = call.string("handle") { return content.blog(handle: handle).map(ResolvedValue.blog) ?? .null }
            return .null
        }
        onRoot(query, "blogs") { call, context in
            let blogs = ContentOrdering.blogs(context.catalog.content.blogs, query: call.string("query"), sortKey: call.string("sortKey"))
            return try Pagination.connection(blogs, call, key: \.id, node: ResolvedValue.blog)
        }
        onRoot(query, "article") { call, context in
            context.catalog.content.article(id: call.string("id") ?? "").map(ResolvedValue.article) ?? .null
        }
        onRoot(query, "articles") { call, context in
            let content = context.catalog.content
            let articles = ContentOrdering.articles(
                content.articles, query: call.string("query"), sortKey: call.string("sortKey"), blogTitle: { content.blog(of: $0).title }
            )
            return try Pagination.connection(articles, call, key: \.id, node: ResolvedValue.article)
        }
        onRoot(query, "urlRedirects") { call, context in
            let redirects = ContentOrdering.redirects(context.catalog.content.urlRedirects, query: call.string("query"))
            return try Pagination.connection(redirects, call, key: { $0["id"]?.stringValue ?? "" }, node: { .json($0) })
        }
    }

    private mutating func registerPages() {
        let page = "Page"
        on(page, "id", PageNode.self) { p, _, _ in .json(.string(p.id)) }
        on(page, "handle", PageNode.self) { p, _, _ in .json(.string(p.handle)) }
        on(page, "title", PageNode.self) { p, _, _ in .json(.string(p.title)) }
        on(page, "body", PageNode.self) { p, _, _ in .json(.string(p.body)) }
        on(page, "bodySummary", PageNode.self) { p, _, _ in .json(.string(p.bodySummary)) }
        on(page, "createdAt", PageNode.self) { p, _, _ in .json(.string(p.createdAt)) }
        on(page, "updatedAt", PageNode.self) { p, _, _ in .json(.string(p.updatedAt)) }
        on(page, "onlineStoreUrl", PageNode.self) { p, _, _ in .json(.string(p.onlineStoreUrl)) }
        on(page, "seo", PageNode.self) { p, _, _ in .json(p.seo) }
        onTracking(page)
    }

    private mutating func registerBlogs() {
        let blog = "Blog"
        on(blog, "id", BlogNode.self) { b, _, _ in .json(.string(b.id)) }
        on(blog, "handle", BlogNode.self) { b, _, _ in .json(.string(b.handle)) }
        on(blog, "title", BlogNode.self) { b, _, _ in .json(.string(b.title)) }
        on(blog, "onlineStoreUrl", BlogNode.self) { b, _, _ in .json(.string(b.onlineStoreUrl)) }
        on(blog, "seo", BlogNode.self) { b, _, _ in .json(b.seo) }
        on(blog, "authors", BlogNode.self) { b, _, _ in .json(.array(b.authors)) }
        on(blog, "articleByHandle", BlogNode.self) { b, call, context in
            let handle = call.string("handle") ?? ""
            return context.catalog.content.articles(of: b).first { $0.handle == handle }.map(ResolvedValue.article) ?? .null
        }
        on(blog, "articles", BlogNode.self) { b, call, context in
            let articles = ContentOrdering.articles(
                context.catalog.content.articles(of: b), query: call.string("query"), sortKey: call.string("sortKey"),
                blogTitle: { _ in b.title }
            )
            return try Pagination.connection(articles, call, key: \.id, node: ResolvedValue.article)
        }
    }

    private mutating func registerArticles() {
        let article = "Article"
        on(article, "id", ArticleNode.self) { a, _, _ in .json(.string(a.id)) }
        on(article, "handle", ArticleNode.self) { a, _, _ in .json(.string(a.handle)) }
        on(article, "title", ArticleNode.self) { a, _, _ in .json(.string(a.title)) }
        on(article, "author", ArticleNode.self) { a, _, _ in .json(a.author) }
        on(article, "authorV2", ArticleNode.self) { a, _, _ in .json(a.author) }
        on(article, "blog", ArticleNode.self) { a, _, context in .blog(context.catalog.content.blog(of: a)) }
        on(article, "content", ArticleNode.self) { a, call, _ in .json(.string(LocalizedText.truncate(a.content, at: call.int("truncateAt")))) }
        on(article, "contentHtml", ArticleNode.self) { a, _, _ in .json(.string(a.contentHtml)) }
        on(article, "excerpt", ArticleNode.self) { a, call, _ in .string(a.excerpt.map { LocalizedText.truncate($0, at: call.int("truncateAt")) }) }
        on(article, "excerptHtml", ArticleNode.self) { a, _, _ in .string(a.excerptHtml) }
        on(article, "image", ArticleNode.self) { a, _, _ in .json(a.image) }
        on(article, "onlineStoreUrl", ArticleNode.self) { a, _, _ in .json(.string(a.onlineStoreUrl)) }
        on(article, "publishedAt", ArticleNode.self) { a, _, _ in .json(.string(a.publishedAt)) }
        on(article, "seo", ArticleNode.self) { a, _, _ in .json(a.seo) }
        on(article, "tags", ArticleNode.self) { a, _, _ in .json(.array(a.tags.map(JSONValue.string))) }
        onTracking(article)
    }
}
