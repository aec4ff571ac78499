import BuyflowCore

/// `query` filters and `sortKey` orders of `pages`, `blogs`, `articles` and
/// `urlRedirects`, in Shopify's search syntax (`SearchQuery`). Dates compare with
/// `>`, `>=`, `<`, `<=` or match a prefix (`published_at:2026-03`).
enum ContentOrdering {
    static func pages(_ pages: [PageNode], query: String?, sortKey: String?) -> [PageNode] {
        var result = pages
        if let query {
            let search = SearchQuery(query)
            result = result.filter { page in
                search.matches { field, value in
                    switch field {
                    case nil: SearchQuery.textMatches(page.title, value) || SearchQuery.textMatches(page.bodySummary, value)
                    case "title": SearchQuery.textMatches(page.title, value)
                    case "handle": SearchQuery.valueEquals(page.handle, value)
                    case "created_at": dateMatches(page.createdAt, value)
                    case "updated_at": dateMatches(page.updatedAt, value)
                    default: false
                    }
                }
            }
        }
        switch sortKey {
        case "TITLE": return result.sorted { ($0.title.lowercased(), $0.number) < ($1.title.lowercased(), $1.number) }
        case "UPDATED_AT": return result.sorted { ($0.updatedAt, $0.number) < ($1.updatedAt, $1.number) }
        case "RELEVANCE": return result
        default: return result.sorted { $0.number < $1.number }
        }
    }

    static func blogs(_ blogs: [BlogNode], query: String?, sortKey: String?) -> [BlogNode] {
        var result = blogs
        if let query {
            let search = SearchQuery(query)
            result = result.filter { blog in
                search.matches { field, value in
                    switch field {
                    case nil, "title": SearchQuery.textMatches(blog.title, value)
                    case "handle": SearchQuery.valueEquals(blog.handle, value)
                    default: false
                    }
                }
            }
        }
        switch sortKey {
        case "TITLE": return result.sorted { ($0.title.lowercased(), $0.number) < ($1.title.lowercased(), $1.number) }
        case "HANDLE": return result.sorted { ($0.handle, $0.number) < ($1.handle, $1.number) }
        case "RELEVANCE": return result
        default: return result.sorted { $0.number < $1.number }
        }
    }

    /// `blogTitle(article)` names an article's blog.
    static func articles(
        _ articles: [ArticleNode], query: String?, sortKey: String?, blogTitle: (ArticleNode) -> String
    ) -> [ArticleNode] {
        var result = articles
        if let query {
            let search = SearchQuery(query)
            result = result.filter { article in
                search.matches { field, value in
                    switch field {
                    case nil: SearchQuery.textMatches(article.title, value) || SearchQuery.textMatches(article.content, value)
                    case "title": SearchQuery.textMatches(article.title, value)
                    case "author": SearchQuery.textMatches(article.authorName, value)
                    case "blog_title": SearchQuery.valueEquals(blogTitle(article), value)
                    case "tag": article.tags.contains { SearchQuery.valueEquals($0, value) }
                    case "tag_not": !article.tags.contains { SearchQuery.valueEquals($0, value) }
                    case "handle": SearchQuery.valueEquals(article.handle, value)
                    case "created_at", "published_at": dateMatches(article.publishedAt, value)
                    case "updated_at": dateMatches(article.updatedAt, value)
                    default: false
                    }
                }
            }
        }
        switch sortKey {
        case "TITLE": return result.sorted { ($0.title.lowercased(), $0.number) < ($1.title.lowercased(), $1.number) }
        case "AUTHOR": return result.sorted { ($0.authorName.lowercased(), $0.number) < ($1.authorName.lowercased(), $1.number) }
        case "BLOG_TITLE": return result.sorted { (blogTitle($0).lowercased(), $0.number) < (blogTitle($1).lowercased(), $1.number) }
        case "PUBLISHED_AT": return result.sorted { ($0.publishedAt, $0.number) < ($1.publishedAt, $1.number) }
        case "UPDATED_AT": return result.sorted { ($0.updatedAt, $0.number) < ($1.updatedAt, $1.number) }
        case "RELEVANCE": return result
        default: return result.sorted { $0.number < $1.number }
        }
    }

    /// `path:` and `target:` match exactly (case-insensitively, `*` for a prefix); a bare
    /// word matches either.
    static func redirects(_ redirects: [JSONValue], query: String?) -> [JSONValue] {
        guard let query else { return redirects }
        let search = SearchQuery(query)
        return redirects.filter { redirect in
            let path = redirect["path"]?.stringValue ?? "", target = redirect["target"]?.stringValue ?? ""
            return search.matches { field, value in
                switch field {
                case "path": SearchQuery.valueEquals(path, value)
                case "target": SearchQuery.valueEquals(target, value)
                case nil: SearchQuery.textMatches(path, value) || SearchQuery.textMatches(target, value)
                default: false
                }
            }
        }
    }

    /// A timestamp against `>2026-02-01`, `<=2026-03-01T00:00:00Z` or a prefix `2026-02`.
    static func dateMatches(_ timestamp: String, _ value: String) -> Bool {
        for (operation, compare) in [(">=", { (a: String, b: String) in a >= b }), ("<=", { $0 <= $1 }),
                                     (">", { $0 > $1 }), ("<", { $0 < $1 })] where value.hasPrefix(operation) {
            let bound = String(value.dropFirst(operation.count))
            // Compare as much of the timestamp as the bound gives: a date compares by day.
            return compare(String(timestamp.prefix(bound.count)), bound)
        }
        return timestamp.hasPrefix(value.hasSuffix("*") ? String(value.dropLast()) : value)
    }
}
