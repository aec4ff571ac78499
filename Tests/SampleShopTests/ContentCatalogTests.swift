import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Catalog content: menus, pages, blogs, redirects, policies and swatches are checked at their places")
struct ContentCatalogTests {
    static let bad = """
        {
          "catalogFormat": 1,
          "shop": {"id": "gid://shopify/Shop/1", "name": "S", "currencyCode": "USD", "countryCode": "US",
                   "primaryDomain": {"host": "s.example.invalid", "url": "https://s.example.invalid"}},
          "products": [{"id": "gid://shopify/Product/1", "handle": "boot", "title": "Boot",
            "options": [{"id": "gid://shopify/ProductOption/1", "name": "Color", "values": [
              {"id": "gid://shopify/ProductOptionValue/1", "name": "Red", "swatch": {"color": "red"}}]}],
            "variants": [{"id": "gid://shopify/ProductVariant/1", "title": "Red", "price": "1.00", "selectedOptions": [{"name": "Color", "value": "Red"}]}]}],
          "pages": [{"id": "gid://shopify/Page/1", "handle": "about", "title": "About", "body": "<p>a</p>"},
                    {"id": "gid://shopify/Page/2", "handle": "about", "title": "Again", "body": "<p>b</p>"}],
          "blogs": [{"id": "gid://shopify/Blog/1", "handle": "news", "title": "News", "articles": [
            {"id": "gid://shopify/Article/1", "handle": "hello", "title": "Hello", "contentHtml": "<p>x</p>", "publishedAt": "2026-01-01",
             "author": {"firstName": "A", "lastName": "B", "email": "a@example.invalid"}}]}],
          "menus": [{"id": "gid://shopify/Menu/1", "handle": "main-menu", "title": "Main", "items": [
            {"id": "gid://shopify/MenuItem/1", "title": "About", "type": "PAGE", "resource": "abuot"},
            {"id": "gid://shopify/MenuItem/2", "title": "Boot", "type": "PRODUCT"},
            {"id": "gid://shopify/MenuItem/3", "title": "X", "type": "LINK", "url": "https://x.example.invalid"},
            {"id": "gid://shopify/MenuItem/4", "title": "Out", "type": "HTTP"}]}],
          "urlRedirects": [{"id": "gid://shopify/UrlRedirect/1", "path": "old", "target": "/pages/about"}],
          "policies": {"privacyPolicy": {"id": "gid://shopify/ShopPolicy/1", "title": "Privacy"}}
        }
        """

    @Test("a catalog with nine content problems reports all nine, located, with suggestions and notes")
    func problems() {
        do {
            _ = try ShopCatalog.load(bytes: Array(Self.bad.utf8), path: "c.json")
            Issue.record("expected the catalog to be rejected")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "c.json:7:87: error: products[0].options[0].values[0].swatch.color must be a colour #rrggbb, found \"red\"",
                "c.json:20:33: error: missing required key 'body' in policies.privacyPolicy",
                "c.json:10:54: error: duplicate page handle 'about'",
                "c.json:12:118: error: blogs[0].articles[0].publishedAt must be an ISO 8601 timestamp with a zone such as \"2026-01-05T09:00:00Z\", found \"2026-01-01\"",
                "c.json:15:86: error: menus[0].items[0].resource names no page: 'abuot'; did you mean 'about'?",
                "c.json:16:5: error: menus[0].items[1] (type PRODUCT) needs 'resource': the handle of the product it links to",
                "c.json:17:62: error: menus[0].items[2].type must be a MenuItemType, found \"LINK\"",
                "c.json:18:5: error: menus[0].items[3] (type HTTP) needs 'url'",
                "c.json:19:66: error: urlRedirects[0].path must be a path starting with '/', found \"old\"",
            ])
            #expect(error.diagnostics.map(\.code) == [
                "catalog.color", "catalog.missing-key", "catalog.duplicate-handle", "catalog.timestamp", "catalog.unknown-resource",
                "catalog.missing-key", "catalog.enum", "catalog.missing-key", "catalog.path",
            ])
            #expect(error.diagnostics[2].notes.map(\.message) == ["first used at pages[0].handle"])
        }
    }
}
