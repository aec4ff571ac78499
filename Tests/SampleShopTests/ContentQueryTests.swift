import BuyflowCore
import Testing
@testable import SampleShop

/// Menus, pages, blogs and articles, URL redirects, shop policies, brand media and
/// swatches from the default catalog.
@Suite("Online-store content: menus, pages, blogs, articles, redirects, policies")
struct ContentQueryTests {
    let shop: TestShop

    init() throws { shop = try TestShop() }

    static let base = "https://sample-shoes.example.invalid"

    @Test("menu(handle:) answers the items with their nested items, types, URLs, resource IDs and tags")
    func menus() throws {
        let data = try shop.data("""
            { main: menu(handle: "main-menu") { id handle title itemsCount
                items { id title type url resourceId tags items { title type url resourceId tags items { id } } } }
              footer: menu(handle: "footer") { itemsCount items { title type url resourceId } }
              none: menu(handle: "nope") { id } }
            """)
        #expect(data.string("main.id") == "gid://shopify/Menu/1")
        #expect(data.string("main.title") == "Main menu")
        #expect(data.int("main.itemsCount") == 6)
        #expect(data.at("main.items")?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Shoes", "Outdoor", "Accessories", "Catalog", "News", "About us"])
        #expect(data.string("main.items[0].type") == "COLLECTION")
        #expect(data.string("main.items[0].url") == Self.base + "/collections/shoes")
        #expect(data.string("main.items[0].resourceId") == "gid://shopify/Collection/1")
        #expect(data.string("main.items[0].items[0].url") == Self.base + "/products/classic-sneaker")
        #expect(data.string("main.items[0].items[0].resourceId") == "gid://shopify/Product/1")
        #expect(data.string("main.items[0].items[2].url") == Self.base + "/collections/shoes/summer")
        #expect(data.at("main.items[0].items[2].tags") == ["summer"])
        #expect(data.count("main.items[0].items[2].items") == 0)
        #expect(data.string("main.items[3].url") == Self.base + "/collections/all")
        #expect(data.at("main.items[3].resourceId") == .null)
        #expect(data.string("main.items[4].url") == Self.base + "/blogs/news")
        #expect(data.string("main.items[4].resourceId") == "gid://shopify/Blog/1")
        #expect(data.string("main.items[5].resourceId") == "gid://shopify/Page/1")
        #expect(data.int("footer.itemsCount") == 8)
        #expect(data.string("footer.items[0].url") == Self.base + "/search")
        #expect(data.string("footer.items[1].url") == Self.base + "/policies/privacy-policy")
        #expect(data.string("footer.items[1].resourceId") == "gid://shopify/ShopPolicy/1")
        #expect(data.string("footer.items[6].url") == Self.base + "/blogs/news/caring-for-leather-boots")
        #expect(data.string("footer.items[6].resourceId") == "gid://shopify/Article/2")
        #expect(data.string("footer.items[7].type") == "HTTP")
        #expect(data.string("footer.items[7].url") == "https://instagram.example.invalid/sample-shoes")
        #expect(data.at("none") == .null)
    }

    @Test("page(handle:|id:) and pages with query and sortKey")
    func pages() throws {
        let data = try shop.data("""
            { about: page(handle: "about") { id handle title body bodySummary createdAt updatedAt onlineStoreUrl trackingParameters seo { title description } }
              byID: page(id: "gid://shopify/Page/3") { handle }
              none: page(handle: "nope") { id }
              all: pages(first: 5) { nodes { handle } pageInfo { hasNextPage } }
              titled: pages(first: 5, sortKey: TITLE) { nodes { handle } }
              updated: pages(first: 5, sortKey: UPDATED_AT, reverse: true) { nodes { handle } }
              query: pages(first: 5, query: "title:size") { nodes { handle } }
              since: pages(first: 5, query: "updated_at:>2026-01-31") { nodes { handle } } }
            """)
        #expect(data.string("about.id") == "gid://shopify/Page/1")
        #expect(data.string("about.title") == "About us")
        #expect(data.string("about.body")?.hasPrefix("<p>Sample Shoes makes comfortable") == true)
        #expect(data.string("about.bodySummary") == "Sample Shoes makes comfortable everyday and outdoor shoes in Portland, Oregon. Every pair is designed to last for years of walking.")
        #expect(data.string("about.onlineStoreUrl") == Self.base + "/pages/about")
        #expect(data.at("about.trackingParameters") == .null, "only search results carry tracking parameters")
        #expect(data.string("about.seo.title") == "About Sample Shoes")
        #expect(data.string("byID.handle") == "size-guide")
        #expect(data.at("none") == .null)
        func handles(_ path: String) -> [String]? { data.at(path)?.arrayValue?.compactMap { $0["handle"]?.stringValue } }
        #expect(handles("all.nodes") == ["about", "contact", "size-guide"])
        #expect(handles("titled.nodes") == ["about", "contact", "size-guide"])
        #expect(handles("updated.nodes") == ["size-guide", "about", "contact"])
        #expect(handles("query.nodes") == ["size-guide"])
        #expect(handles("since.nodes") == ["about", "size-guide"])
    }

    @Test("blogs, articleByHandle, articles with query and sortKey, authors, content(truncateAt:) and excerpts")
    func blogsAndArticles() throws {
        let data = try shop.data("""
            { blog(handle: "news") { id title onlineStoreUrl seo { title } authors { name firstName lastName email bio }
                first: articles(first: 2) { nodes { handle } pageInfo { hasNextPage endCursor } }
                byDate: articles(first: 5, sortKey: PUBLISHED_AT, reverse: true) { nodes { handle } }
                tagged: articles(first: 5, query: "tag:leather") { nodes { handle } }
                article: articleByHandle(handle: "spring-collection") { id title publishedAt tags onlineStoreUrl
                  author { name } authorV2 { name email } blog { handle }
                  content(truncateAt: 40) excerpt excerptHtml image { id url altText width height } seo { description } }
                none: articleByHandle(handle: "nope") { id } }
              blogs(first: 5) { nodes { handle } }
              article(id: "gid://shopify/Article/3") { title content excerpt image { id } author: authorV2 { name } }
              byAuthor: articles(first: 5, query: "author:sam") { nodes { handle } }
              byTitle: articles(first: 5, sortKey: TITLE) { nodes { handle } }
              since: articles(first: 5, query: "created_at:>=2026-02-10") { nodes { handle } } }
            """)
        #expect(data.string("blog.id") == "gid://shopify/Blog/1")
        #expect(data.string("blog.onlineStoreUrl") == Self.base + "/blogs/news")
        #expect(data.at("blog.authors")?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Alex Rivera", "Sam Lee"])
        #expect(data.string("blog.authors[0].bio") == "Alex designs our everyday shoes.")
        #expect(data.at("blog.authors[1].bio") == .null)
        func handles(_ path: String) -> [String]? { data.at(path)?.arrayValue?.compactMap { $0["handle"]?.stringValue } }
        #expect(handles("blog.first.nodes") == ["spring-collection", "caring-for-leather-boots"])
        #expect(data.bool("blog.first.pageInfo.hasNextPage") == true)
        #expect(handles("blog.byDate.nodes") == ["spring-collection", "caring-for-leather-boots", "trail-running-tips"])
        #expect(handles("blog.tagged.nodes") == ["caring-for-leather-boots"])
        #expect(data.string("blog.article.id") == "gid://shopify/Article/1")
        #expect(data.string("blog.article.publishedAt") == "2026-03-01T09:00:00Z")
        #expect(data.at("blog.article.tags") == ["collections", "spring"])
        #expect(data.string("blog.article.onlineStoreUrl") == Self.base + "/blogs/news/spring-collection")
        #expect(data.string("blog.article.author.name") == "Alex Rivera")
        #expect(data.string("blog.article.authorV2.email") == "alex@sample-shoes.example.invalid")
        #expect(data.string("blog.article.blog.handle") == "news")
        #expect(data.string("blog.article.content") == "The Canvas Slip-On is back in navy and w…")
        #expect(data.string("blog.article.excerpt") == "The Canvas Slip-On is back, and the Trail Sandal joins the outdoor range.")
        #expect(data.string("blog.article.image.id") == "gid://shopify/ArticleImage/1")
        #expect(data.int("blog.article.image.width") == 1600)
        #expect(data.at("blog.none") == .null)
        #expect(handles("blogs.nodes") == ["news"])
        #expect(data.string("article.title") == "Five trail running tips")
        #expect(data.string("article.content") == "Shorten your stride on climbs, look three steps ahead, and choose a shoe with grip: the Trail Runner has a 5 mm lug.")
        #expect(data.at("article.excerpt") == .null)
        #expect(data.at("article.image") == .null)
        #expect(handles("byAuthor.nodes") == ["caring-for-leather-boots"])
        #expect(handles("byTitle.nodes") == ["caring-for-leather-boots", "trail-running-tips", "spring-collection"])
        #expect(handles("since.nodes") == ["spring-collection", "caring-for-leather-boots"])
    }

    @Test("urlRedirects(query:) matches path: and target: as Hydrogen's storefrontRedirect sends them")
    func redirects() throws {
        // Hydrogen's REDIRECT_QUERY (packages/hydrogen/src/routing/redirect.ts).
        let hydrogen = "query redirects($query: String) { urlRedirects(first: 1, query: $query) { edges { node { target } } } }"
        let found = try shop.data(hydrogen, variables: ["query": "path:/products/old-sneaker"])
        #expect(found.string("urlRedirects.edges[0].node.target") == "/products/classic-sneaker")
        let caseless = try shop.data(hydrogen, variables: ["query": "path:/Pages/About-Us"])
        #expect(caseless.string("urlRedirects.edges[0].node.target") == "/pages/about")
        let missing = try shop.data(hydrogen, variables: ["query": "path:/products/nope"])
        #expect(missing.count("urlRedirects.edges") == 0)
        let data = try shop.data("""
            { all: urlRedirects(first: 10) { nodes { id path target } }
              target: urlRedirects(first: 10, query: "target:/blogs/news") { nodes { path } }
              prefix: urlRedirects(first: 10, query: "path:/pages/*") { nodes { path } }
              node(id: "gid://shopify/UrlRedirect/2") { ... on UrlRedirect { path target } } }
            """)
        #expect(data.count("all.nodes") == 3)
        #expect(data.string("all.nodes[0].id") == "gid://shopify/UrlRedirect/1")
        #expect(data.string("target.nodes[0].path") == "/blogs/journal")
        #expect(data.at("prefix.nodes")?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["/pages/about-us"])
        #expect(data.string("node.target") == "/pages/about")
    }

    @Test("shop policies, the default subscription policy, and the brand's media images")
    func policiesAndBrand() throws {
        let data = try shop.data("""
            { shop { privacyPolicy { id handle title body url } refundPolicy { handle } shippingPolicy { handle }
                termsOfService { handle title } subscriptionPolicy { id handle title url body }
                brand { logo { id alt mediaContentType image { id url width height } previewImage { url } }
                        squareLogo { image { width } } coverImage { alt } } } }
            """)
        #expect(data.string("shop.privacyPolicy.id") == "gid://shopify/ShopPolicy/1")
        #expect(data.string("shop.privacyPolicy.handle") == "privacy-policy")
        #expect(data.string("shop.privacyPolicy.url") == Self.base + "/policies/privacy-policy")
        #expect(data.string("shop.privacyPolicy.body") == "<p>We use your details only to deliver your order and never sell them.</p>")
        #expect(data.string("shop.refundPolicy.handle") == "refund-policy")
        #expect(data.string("shop.shippingPolicy.handle") == "shipping-policy")
        #expect(data.string("shop.termsOfService.title") == "Terms of Service")
        #expect(data.at("shop.subscriptionPolicy.id") == .null, "a default policy has no ID")
        #expect(data.string("shop.subscriptionPolicy.handle") == "subscription-policy")
        #expect(data.string("shop.subscriptionPolicy.url") == Self.base + "/policies/subscription-policy")
        #expect(data.string("shop.brand.logo.id") == "gid://shopify/MediaImage/1")
        #expect(data.string("shop.brand.logo.mediaContentType") == "IMAGE")
        #expect(data.string("shop.brand.logo.image.id") == "gid://shopify/ImageSource/1")
        #expect(data.string("shop.brand.logo.image.url") == "https://cdn.example.invalid/sample-shoes/brand/logo.png")
        #expect(data.string("shop.brand.logo.previewImage.url") == "https://cdn.example.invalid/sample-shoes/brand/logo.png")
        #expect(data.int("shop.brand.squareLogo.image.width") == 512)
        #expect(data.string("shop.brand.coverImage.alt") == "Hiking boots on a forest trail")
    }

    @Test("option value swatches: colours, and an image as Media")
    func swatches() throws {
        let data = try shop.data("""
            { product(handle: "canvas-slip-on") { options { name optionValues { name swatch { color image {
                __typename id alt mediaContentType previewImage { url } ... on MediaImage { image { width } } } } } } } }
            """)
        #expect(data.string("product.options[0].optionValues[0].swatch.color") == "#1f2a44")
        #expect(data.string("product.options[0].optionValues[0].swatch.image.__typename") == "MediaImage")
        #expect(data.string("product.options[0].optionValues[0].swatch.image.id") == "gid://shopify/MediaImage/4")
        #expect(data.string("product.options[0].optionValues[0].swatch.image.previewImage.url") == "https://cdn.example.invalid/sample-shoes/swatches/navy-canvas.jpg")
        #expect(data.int("product.options[0].optionValues[0].swatch.image.image.width") == 64)
        #expect(data.string("product.options[0].optionValues[1].swatch.color") == "#f5f5f0")
        #expect(data.at("product.options[0].optionValues[1].swatch.image") == .null)
        #expect(data.at("product.options[1].optionValues[0].swatch") == .null, "sizes have no swatch")
    }

    @Test("node(id:) finds pages, blogs, articles, menus, menu items, redirects, policies and media images")
    func nodes() throws {
        let ids = ["gid://shopify/Page/2", "gid://shopify/Blog/1", "gid://shopify/Article/2", "gid://shopify/Menu/2",
                   "gid://shopify/MenuItem/3", "gid://shopify/UrlRedirect/1", "gid://shopify/ShopPolicy/4",
                   "gid://shopify/MediaImage/4", "gid://shopify/Menu/9", "gid://shopify/ShopPolicy/9"]
        let data = try shop.data("query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }", variables: ["ids": .array(ids.map(JSONValue.string))])
        #expect(data.at("nodes")?.arrayValue?.map { $0["__typename"]?.stringValue ?? "null" } == [
            "Page", "Blog", "Article", "Menu", "MenuItem", "UrlRedirect", "ShopPolicy", "MediaImage", "null", "null",
        ])
        #expect(data.at("nodes")?.arrayValue?.prefix(8).map { $0["id"]?.stringValue ?? "" } == Array(ids.prefix(8)))
    }
}
