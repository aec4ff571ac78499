import BuyflowCore

/// The keys of the online-store content of a catalog: pages, blogs and articles, menus,
/// URL redirects, shop policies and media images (`samples/README.md` documents them).
extension CatalogSpecs {
    static let page = spec("page", "a page", [
        KeySpec("id", required: true, id("Page"), "the page's global ID, gid://shopify/Page/<n>"),
        KeySpec("handle", required: true, .pattern("^[a-z0-9]+(-[a-z0-9]+)*$"), "unique, lowercase words joined by '-'"),
        KeySpec("title", required: true, .string, "the page's title"),
        KeySpec("body", required: true, .string, "the page's content, HTML"),
        KeySpec("bodySummary", .string, "a summary; by default the body as plain text, cut at 150 characters"),
        KeySpec("createdAt", timestamp), KeySpec("updatedAt", timestamp), KeySpec("seo", .object(seo)),
    ])

    static let blog = spec("blog", "a blog", [
        KeySpec("id", required: true, id("Blog"), "the blog's global ID, gid://shopify/Blog/<n>"),
        KeySpec("handle", required: true, .pattern("^[a-z0-9]+(-[a-z0-9]+)*$"), "unique, lowercase words joined by '-'"),
        KeySpec("title", required: true, .string, "the blog's title"),
        KeySpec("seo", .object(seo)), KeySpec("articles", .list(.object(article)), "the blog's articles"),
    ])

    static let article = spec("article", "an article", [
        KeySpec("id", required: true, id("Article"), "the article's global ID, gid://shopify/Article/<n>"),
        KeySpec("handle", required: true, .pattern("^[a-z0-9]+(-[a-z0-9]+)*$"), "unique in its blog, lowercase words joined by '-'"),
        KeySpec("title", required: true, .string, "the article's title"),
        KeySpec("contentHtml", required: true, .string, "the article's content, HTML"),
        KeySpec("author", required: true, .object(author), "{firstName, lastName, email, name?, bio?}"),
        KeySpec("publishedAt", required: true, timestamp, "when it was published, such as 2026-03-01T09:00:00Z"),
        KeySpec("excerptHtml", .string, "a short excerpt, HTML"), KeySpec("updatedAt", timestamp),
        KeySpec("image", .object(articleImage)), KeySpec("tags", .list(.string)), KeySpec("seo", .object(seo)),
    ])

    static let author = spec("author", "an article author", [
        KeySpec("firstName", required: true, .string), KeySpec("lastName", required: true, .string),
        KeySpec("email", required: true, .string), KeySpec("name", .string, "the full name; by default first and last name"),
        KeySpec("bio", .string),
    ])

    static let menu = spec("menu", "a menu", [
        KeySpec("id", required: true, id("Menu"), "the menu's global ID, gid://shopify/Menu/<n>"),
        KeySpec("handle", required: true, .pattern("^[a-z0-9]+(-[a-z0-9]+)*$"), "unique, such as main-menu or footer"),
        KeySpec("title", required: true, .string, "the menu's title"),
        KeySpec("items", .list(.object(menuItem)), "the menu's items"),
    ])

    static let menuItem = spec("menuItem", "a menu item", [
        KeySpec("id", required: true, id("MenuItem"), "the item's global ID, gid://shopify/MenuItem/<n>"),
        KeySpec("title", required: true, .string, "the item's title"),
        KeySpec("type", required: true, .string, "a MenuItemType: COLLECTION, PRODUCT, PAGE, BLOG, ARTICLE, SHOP_POLICY, CATALOG, COLLECTIONS, SEARCH, FRONTPAGE, HTTP…"),
        KeySpec("resource", .string, "the handle of what it links to (ARTICLE: blog/article, SHOP_POLICY: privacy-policy…)"),
        KeySpec("url", .string, "the address, for HTTP and other items that link to no resource"),
        KeySpec("tags", .list(.string), "for a COLLECTION item: the tags that filter the collection"),
        KeySpec("items", .list(.reference("menuItem")), "nested items"),
    ])

    static let urlRedirect = spec("urlRedirect", "a URL redirect", [
        KeySpec("id", required: true, id("UrlRedirect"), "the redirect's global ID, gid://shopify/UrlRedirect/<n>"),
        KeySpec("path", required: true, .string, "the old path, starting with '/'"),
        KeySpec("target", required: true, .string, "where it leads: a path or an absolute URL"),
    ])

    static let policies = spec("policies", "the shop policies", [
        KeySpec("privacyPolicy", .object(policy)), KeySpec("refundPolicy", .object(policy)),
        KeySpec("shippingPolicy", .object(policy)), KeySpec("termsOfService", .object(policy)),
        KeySpec("subscriptionPolicy", .object(policy), "without it the shop answers Shopify's default policy, which has no ID"),
    ])

    static let policy = spec("policy", "a shop policy", [
        KeySpec("id", required: true, id("ShopPolicy"), "the policy's global ID, gid://shopify/ShopPolicy/<n>"),
        KeySpec("title", required: true, .string, "the policy's title"),
        KeySpec("body", required: true, .string, "the policy's text, HTML"),
    ])

    static let mediaImage = spec("mediaImage", "a media image", [
        KeySpec("id", required: true, id("MediaImage"), "the media's global ID, gid://shopify/MediaImage/<n>"),
        KeySpec("url", required: true, .string, "the image's absolute URL"),
        KeySpec("altText", .string),
        KeySpec("width", .integer(minimum: 1, maximum: nil)), KeySpec("height", .integer(minimum: 1, maximum: nil)),
    ])

    static let articleImage = spec("articleImage", "an image", [
        KeySpec("id", required: true, id("ArticleImage"), "the image's global ID, gid://shopify/ArticleImage/<n>"),
        KeySpec("url", required: true, .string, "the image's absolute URL"),
        KeySpec("altText", .string),
        KeySpec("width", .integer(minimum: 1, maximum: nil)), KeySpec("height", .integer(minimum: 1, maximum: nil)),
    ])
}
