import BuyflowCore

/// The online-store content: pages, blogs and articles, menus, URL redirects, shop
/// policies, media images and swatches.
extension CatalogLoader {
    /// The shop policy keys, with their handles.
    static let policyKeys: [(key: String, handle: String, title: String)] = [
        ("privacyPolicy", "privacy-policy", "Privacy Policy"), ("refundPolicy", "refund-policy", "Refund Policy"),
        ("shippingPolicy", "shipping-policy", "Shipping Policy"), ("termsOfService", "terms-of-service", "Terms of Service"),
        ("subscriptionPolicy", "subscription-policy", "Subscription Policy"),
    ]

    /// The body of the subscription policy a shop without one answers (Shopify's default
    /// policy has no ID).
    static let defaultSubscriptionPolicyBody =
        "<p>Subscriptions renew automatically until cancelled. You can cancel a subscription at any time from your account.</p>"

    struct Content {
        var content: ShopContent
        /// Members to add to the `Shop` object: the policies.
        var shopMembers: [(String, JSONValue)]
    }

    mutating func decodeContent(_ top: CatalogObject, shop: ShopInfo, products: [ProductNode], collections: [CollectionNode]) -> Content {
        let (policies, policyJSON) = decodePolicies(top, shop: shop)
        let pages = decodePages(top, shop: shop)
        let (blogs, articles) = decodeBlogs(top, shop: shop)
        var resolver = MenuLinks(baseURL: shop.url)
        for product in products { resolver.add(.product, product.handle, product.id) }
        for collection in collections { resolver.add(.collection, collection.handle, collection.id) }
        for page in pages { resolver.add(.page, page.handle, page.id) }
        for blog in blogs { resolver.add(.blog, blog.handle, blog.id) }
        for article in articles { resolver.add(.article, blogs[article.blogIndex].handle + "/" + article.handle, article.id) }
        for (handle, id) in policies { resolver.add(.shopPolicy, handle, id) }
        let menus = decodeMenus(top, links: resolver)
        let redirects = decodeRedirects(top)
        let policyNodes = policyJSON.map(\.1).filter { $0["__typename"]?.stringValue == "ShopPolicy" }
        return Content(
            content: ShopContent(pages: pages, blogs: blogs, articles: articles, menus: menus, urlRedirects: redirects,
                                 otherNodes: policyNodes + mediaImages),
            shopMembers: policyJSON
        )
    }

    // MARK: - Pages

    mutating func decodePages(_ top: CatalogObject, shop: ShopInfo) -> [PageNode] {
        var pages: [PageNode] = []
        var handles = UniqueNames(what: "page handle")
        for (position, item) in reader.list(top, "pages").enumerated() {
            guard let page = reader.object(item, CatalogSpecs.page, at: top.path("pages").appending(position)) else { continue }
            let id = reader.globalID(page, "id", type: "Page")
            let handle = reader.string(page, "handle")
            checkHandle(page, handle)
            if let handle { handles.check(handle, page, "handle", &reader) }
            let title = reader.string(page, "title")
            let body = reader.string(page, "body")
            let summary = reader.string(page, "bodySummary")
            let createdAt = reader.timestamp(page, "createdAt") ?? Self.defaultTimestamp
            let updatedAt = reader.timestamp(page, "updatedAt") ?? createdAt
            let seo = decodeSEO(page)
            guard let id, let handle, let title, let body else { continue }
            pages.append(PageNode(
                index: pages.count, id: id.id, number: id.number, handle: handle, title: title, body: body, bodySummary: summary,
                createdAt: createdAt, updatedAt: updatedAt, seo: seo, onlineStoreUrl: shop.url + "/pages/" + handle
            ))
        }
        return pages
    }

    mutating func checkHandle(_ object: CatalogObject, _ handle: String?) {
        if let handle, !Self.isHandle(handle) {
            reader.error("\(object.path("handle")) must be lowercase words joined by '-', found \"\(handle)\"",
                         at: object.location("handle"), code: "handle")
        }
    }

    // MARK: - Blogs and articles

    mutating func decodeBlogs(_ top: CatalogObject, shop: ShopInfo) -> ([BlogNode], [ArticleNode]) {
        var blogs: [BlogNode] = []
        var articles: [ArticleNode] = []
        var handles = UniqueNames(what: "blog handle")
        for (position, item) in reader.list(top, "blogs").enumerated() {
            guard let blog = reader.object(item, CatalogSpecs.blog, at: top.path("blogs").appending(position)) else { continue }
            let id = reader.globalID(blog, "id", type: "Blog")
            let handle = reader.string(blog, "handle")
            checkHandle(blog, handle)
            if let handle { handles.check(handle, blog, "handle", &reader) }
            let title = reader.string(blog, "title")
            let seo = decodeSEO(blog)
            let blogURL = shop.url + "/blogs/" + (handle ?? "")
            var indices: [Int] = []
            var authors: [JSONValue] = []
            var articleHandles = UniqueNames(what: "article handle in this blog")
            for (articlePosition, articleItem) in reader.list(blog, "articles").enumerated() {
                guard let article = reader.object(articleItem, CatalogSpecs.article, at: blog.path("articles").appending(articlePosition)),
                      let node = decodeArticle(article, index: articles.count, blogIndex: blogs.count, blogURL: blogURL) else { continue }
                articleHandles.check(node.handle, article, "handle", &reader)
                if !authors.contains(where: { $0["email"] == node.author["email"] }) { authors.append(node.author) }
                indices.append(articles.count)
                articles.append(node)
            }
            guard let id, let handle, let title else {
                articles.removeLast(indices.count)
                continue
            }
            blogs.append(BlogNode(
                index: blogs.count, id: id.id, number: id.number, handle: handle, title: title, seo: seo, onlineStoreUrl: blogURL,
                articleIndices: indices, authors: authors
            ))
        }
        return (blogs, articles)
    }

    mutating func decodeArticle(_ article: CatalogObject, index: Int, blogIndex: Int, blogURL: String) -> ArticleNode? {
        let id = reader.globalID(article, "id", type: "Article")
        let handle = reader.string(article, "handle")
        checkHandle(article, handle)
        let title = reader.string(article, "title")
        let content = reader.string(article, "contentHtml")
        let excerpt = reader.string(article, "excerptHtml")
        var author: (json: JSONValue, name: String)?
        if let object = reader.object(article, "author", CatalogSpecs.author) {
            let first = reader.string(object, "firstName")
            let last = reader.string(object, "lastName")
            let email = reader.string(object, "email")
            let name = reader.string(object, "name")
            let bio = reader.string(object, "bio")
            if let first, let last, let email {
                let full = name ?? [first, last].filter { !$0.isEmpty }.joined(separator: " ")
                author = ([
                    "bio": bio.map(JSONValue.string) ?? .null, "email": .string(email), "firstName": .string(first),
                    "lastName": .string(last), "name": .string(full),
                ], full)
            }
        }
        var image = JSONValue.null
        if let item = article["image"] {
            image = decodeImage(item, CatalogSpecs.articleImage, type: "ArticleImage", at: article.path("image"))?.json ?? .null
        }
        let publishedAt = reader.timestamp(article, "publishedAt")
        let updatedAt = reader.timestamp(article, "updatedAt")
        let tags = reader.strings(article, "tags")
        let seo = decodeSEO(article)
        guard let id, let handle, let title, let content, let author, let publishedAt else { return nil }
        return ArticleNode(
            index: index, id: id.id, number: id.number, handle: handle, blogIndex: blogIndex, title: title, contentHtml: content,
            excerptHtml: excerpt, author: author.json, authorName: author.name, image: image, publishedAt: publishedAt,
            updatedAt: updatedAt ?? publishedAt, tags: tags, seo: seo, onlineStoreUrl: blogURL + "/" + handle
        )
    }

    // MARK: - Menus

    mutating func decodeMenus(_ top: CatalogObject, links: MenuLinks) -> [JSONValue] {
        var menus: [JSONValue] = []
        var handles = UniqueNames(what: "menu handle")
        for (position, item) in reader.list(top, "menus").enumerated() {
            guard let menu = reader.object(item, CatalogSpecs.menu, at: top.path("menus").appending(position)) else { continue }
            let id = reader.globalID(menu, "id", type: "Menu")
            let handle = reader.string(menu, "handle")
            checkHandle(menu, handle)
            if let handle { handles.check(handle, menu, "handle", &reader) }
            let title = reader.string(menu, "title")
            let items = decodeMenuItems(menu, links: links)
            guard let id, let handle, let title else { continue }
            menus.append([
                "__typename": "Menu", "handle": .string(handle), "id": .string(id.id), "items": .array(items),
                "itemsCount": .int(items.count), "title": .string(title),
            ])
        }
        return menus
    }

    mutating func decodeMenuItems(_ owner: CatalogObject, links: MenuLinks) -> [JSONValue] {
        var items: [JSONValue] = []
        for (position, value) in reader.list(owner, "items").enumerated() {
            guard let item = reader.object(value, CatalogSpecs.menuItem, at: owner.path("items").appending(position)) else { continue }
            let id = reader.globalID(item, "id", type: "MenuItem")
            let title = reader.string(item, "title")
            let type = reader.enumValue(item, "type", type: "MenuItemType")
            let resource = reader.string(item, "resource")
            let url = reader.string(item, "url")
            let tags = reader.strings(item, "tags")
            let children = decodeMenuItems(item, links: links)
            guard let id, let title, let type else { continue }
            let link = links.resolve(type: type, resource: resource, url: url, tags: tags, item: item, reader: &reader)
            items.append([
                "__typename": "MenuItem", "id": .string(id.id), "items": .array(children),
                "resourceId": link.resourceID.map(JSONValue.string) ?? .null, "tags": .array(tags.map(JSONValue.string)),
                "title": .string(title), "type": .string(type), "url": link.url.map(JSONValue.string) ?? .null,
            ])
        }
        return items
    }

    // MARK: - Redirects and policies

    mutating func decodeRedirects(_ top: CatalogObject) -> [JSONValue] {
        var redirects: [JSONValue] = []
        var paths = UniqueNames(what: "redirect path")
        for (position, item) in reader.list(top, "urlRedirects").enumerated() {
            guard let redirect = reader.object(item, CatalogSpecs.urlRedirect, at: top.path("urlRedirects").appending(position)) else { continue }
            let id = reader.globalID(redirect, "id", type: "UrlRedirect")
            let path = reader.string(redirect, "path")
            let target = reader.string(redirect, "target")
            if let path {
                if !path.hasPrefix("/") {
                    reader.error("\(redirect.path("path")) must be a path starting with '/', found \"\(path)\"", at: redirect.location("path"), code: "path")
                }
                paths.check(path.lowercased(), redirect, "path", &reader)
            }
            if let target, !(target.hasPrefix("/") || target.hasPrefix("https://") || target.hasPrefix("http://")) {
                reader.error("\(redirect.path("target")) must be a path starting with '/' or an absolute URL, found \"\(target)\"",
                             at: redirect.location("target"), code: "url")
            }
            guard let id, let path, let target else { continue }
            redirects.append(["__typename": "UrlRedirect", "id": .string(id.id), "path": .string(path), "target": .string(target)])
        }
        return redirects
    }

    /// The policies' handles and IDs, and the `Shop` members (`privacyPolicy`…).
    mutating func decodePolicies(_ top: CatalogObject, shop: ShopInfo) -> ([(String, String)], [(String, JSONValue)]) {
        let object = reader.object(top, "policies", CatalogSpecs.policies)
        var ids: [(String, String)] = []
        var members: [(String, JSONValue)] = []
        for (key, handle, defaultTitle) in Self.policyKeys {
            let url = JSONValue.string(shop.url + "/policies/" + handle)
            if let object, let policy = reader.object(object, key, CatalogSpecs.policy) {
                let id = reader.globalID(policy, "id", type: "ShopPolicy")
                let title = reader.string(policy, "title")
                let body = reader.string(policy, "body")
                guard let id, let title, let body else { continue }
                ids.append((handle, id.id))
                members.append((key, [
                    "__typename": key == "subscriptionPolicy" ? "ShopPolicyWithDefault" : "ShopPolicy", "body": .string(body),
                    "handle": .string(handle), "id": .string(id.id), "title": .string(title), "url": url,
                ]))
            } else if key == "subscriptionPolicy" {
                members.append((key, [
                    "__typename": "ShopPolicyWithDefault", "body": .string(Self.defaultSubscriptionPolicyBody),
                    "handle": .string(handle), "id": .null, "title": .string(defaultTitle), "url": url,
                ]))
            }
        }
        return (ids, members)
    }

    // MARK: - Media

    /// A `MediaImage` object (`alt`, `id`, `image`, `mediaContentType`, `previewImage`),
    /// reachable by `node(id:)`; its `Image` has the ID `gid://shopify/ImageSource/<n>`.
    mutating func decodeMediaImage(_ value: LocatedValue, at path: CatalogPath) -> JSONValue {
        guard let media = reader.object(value, CatalogSpecs.mediaImage, at: path) else { return .null }
        let id = reader.globalID(media, "id", type: "MediaImage")
        let url = reader.string(media, "url")
        if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            reader.error("\(media.path("url")) must be an absolute URL, found \"\(url)\"", at: media.location("url"), code: "url")
        }
        let alt = reader.string(media, "altText")
        let width = reader.int(media, "width", minimum: 1)
        let height = reader.int(media, "height", minimum: 1)
        guard let id, let url else { return .null }
        var image = JSONObject()
        image["altText"] = alt.map(JSONValue.string) ?? .null
        image["height"] = height.map(JSONValue.int) ?? .null
        image["id"] = .string("gid://shopify/ImageSource/\(id.number)")
        image["originalSrc"] = .string(url)
        image["src"] = .string(url)
        image["url"] = .string(url)
        image["width"] = width.map(JSONValue.int) ?? .null
        let json: JSONValue = [
            "__typename": "MediaImage", "alt": alt.map(JSONValue.string) ?? .null, "id": .string(id.id),
            "image": .object(image), "mediaContentType": "IMAGE", "previewImage": .object(image),
        ]
        mediaImages.append(json)
        return json
    }

    /// An option value's `ProductOptionValueSwatch` (`color`, `image`), or null.
    mutating func decodeSwatch(_ value: CatalogObject) -> JSONValue {
        guard let swatch = reader.object(value, "swatch", CatalogSpecs.swatch) else { return .null }
        let color = reader.string(swatch, "color")
        if let color, !Self.isColor(color) {
            reader.error("\(swatch.path("color")) must be a colour #rrggbb, found \"\(color)\"", at: swatch.location("color"), code: "color")
        }
        let image = swatch["image"].map { decodeMediaImage($0, at: swatch.path("image")) } ?? .null
        return ["color": color.map(JSONValue.string) ?? .null, "image": image]
    }
}

/// Names that must be unique in one list (handles, paths): a second use is an error
/// with a note at the first.
struct UniqueNames {
    let what: String
    private var first: [String: (path: CatalogPath, location: SourceLocation)] = [:]

    init(what: String) { self.what = what }

    mutating func check(_ name: String, _ object: CatalogObject, _ key: String, _ reader: inout CatalogReader) {
        if let earlier = first[name] {
            reader.error("duplicate \(what) '\(name)'", at: object.location(key), code: "duplicate-handle",
                         notes: [Diagnostic.Note("first used at \(earlier.path)", at: earlier.location)])
        } else {
            first[name] = (object.path(key), object.location(key))
        }
    }
}
