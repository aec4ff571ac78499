import BuyflowCore
import BuyflowTestSupport
import Foundation
import Testing
@testable import SampleShop

@Suite("Catalog files: loading, defaults, located diagnostics")
struct CatalogLoadingTests {
    static let minimal = """
        {
          "catalogFormat": 1,
          "$comment": "a tiny catalog",
          "shop": {"id": "gid://shopify/Shop/9", "name": "Tiny", "currencyCode": "EUR", "countryCode": "FR",
                   "primaryDomain": {"host": "tiny.example.invalid", "url": "https://tiny.example.invalid"}},
          "products": [
            {"id": "gid://shopify/Product/1", "handle": "mug", "title": "Mug", "descriptionHtml": "<p>A <b>big</b> mug &amp; more.</p>",
             "variants": [{"id": "gid://shopify/ProductVariant/1", "title": "Default Title", "price": "9.5"}]}
          ]
        }
        """

    func diagnostics(_ text: String) -> [Diagnostic] {
        do {
            _ = try ShopCatalog.load(bytes: Array(text.utf8), path: "bad.json")
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test("samples/catalog.json loads from its path, the same as the embedded one")
    func sampleFile() throws {
        let catalog = try ShopCatalog.load(path: RepositoryPaths.file("samples/catalog.json").path)
        #expect(catalog.productHandles == ShopCatalog.sample.productHandles)
        #expect(catalog.collectionHandles == ["shoes", "accessories", "outdoor"])
        #expect(catalog.apiVersions.contains("2026-04"))
    }

    @Test("a minimal catalog gets the documented defaults, and a shop serves it")
    func minimalCatalog() throws {
        let catalog = try ShopCatalog.load(bytes: Array(Self.minimal.utf8), path: "tiny.json")
        let shop = try TestShop(SampleShop.Options(catalog: catalog))
        let data = try shop.data("""
            { shop { name paymentSettings { currencyCode enabledPresentmentCurrencies cardVaultUrl } shipsToCountries moneyFormat }
              publicApiVersions { handle }
              product(handle: "mug") { vendor description descriptionHtml createdAt publishedAt availableForSale totalInventory productType
                                       variants(first: 1) { nodes { availableForSale quantityAvailable weightUnit price { amount currencyCode } } } } }
            """)
        #expect(data.string("shop.paymentSettings.currencyCode") == "EUR")
        #expect(data.string("shop.paymentSettings.cardVaultUrl") == "https://tiny.example.invalid/card-vault")
        #expect(data.at("shop.shipsToCountries") == ["FR"])
        #expect(data.string("shop.moneyFormat") == "${{amount}}")
        #expect(data.at("publicApiVersions") == [["handle": "2026-04"]])
        #expect(data.string("product.vendor") == "Tiny")
        #expect(data.string("product.description") == "A big mug & more.")
        #expect(data.string("product.createdAt") == "2026-01-01T00:00:00Z")
        #expect(data.bool("product.availableForSale") == true)
        #expect(data.at("product.totalInventory") == .null)
        #expect(data.string("product.variants.nodes[0].price.amount") == "9.50")
        #expect(data.string("product.variants.nodes[0].price.currencyCode") == "EUR")
        #expect(data.string("product.variants.nodes[0].weightUnit") == "KILOGRAMS")
        let cart = try shop.createCart([(1, 1000)])
        #expect(cart.hasPrefix("gid://shopify/Cart/"), "untracked stock has no limit")
        let old = try shop.post("{ shop { name } }", path: "/api/2025-07/graphql.json")
        #expect(old.status == 200, "an older release version falls forward")
        #expect(old.header("x-shopify-api-version") == "2026-04")
        let newer = try shop.post("{ shop { name } }", path: "/api/2026-07/graphql.json")
        #expect(newer.status == 404, "only the catalog's versions are served")
    }

    @Test("a JSON syntax error is located")
    func syntax() {
        let found = diagnostics("{\n  \"catalogFormat\": 1,\n  \"shop\": {,}\n}")
        #expect(found.count == 1)
        #expect(found.first?.code == "catalog.syntax")
        #expect(found.first?.location?.line == 3)
        #expect(found.first?.location?.file == "bad.json")
    }

    @Test("bad catalogs: every problem is reported at its line and column, with a suggestion where one is close")
    func located() throws {
        let text = """
            {
              "catalogFormat": 1,
              "shop": {"id": "gid://shopify/Shop/1", "name": "X", "currencyCode": "USDD", "countryCode": "US",
                       "primaryDomain": {"host": "x", "url": "https://x.example.invalid"}},
              "apiVersions": [{"handle": "2026-01"}],
              "products": [
                {"id": "gid://shopify/Product/1", "handle": "a", "title": "A",
                 "variants": [{"id": "gid://shopify/ProductVariant/1", "title": "T", "pricee": "1.00"}]},
                {"id": "gid://shopify/Product/1", "handle": "B b", "title": "B",
                 "variants": [{"id": "gid://shopify/ProductVariant/2", "title": "T", "price": 12.5}]},
                {"id": "gid://shopify/Variant/3", "handle": "c", "title": "C",
                 "variants": [{"id": "gid://shopify/ProductVariant/3", "title": "T", "price": "1.005", "quantityAvailable": -1}]}
              ],
              "collections": [{"id": "gid://shopify/Collection/1", "handle": "all", "title": "All", "products": ["a", "cc"]}],
              "discountCodes": [{"code": "X", "valueType": "PERCENT", "value": "10"}]
            }
            """
        let found = diagnostics(text)
        func find(_ fragment: String) -> Diagnostic? { found.first { $0.message.contains(fragment) } }
        let currency = try #require(find("currencyCode must be a CurrencyCode"))
        #expect(currency.location?.line == 3)
        #expect(currency.suggestion == "USD")
        let unknownKey = try #require(find("unknown key 'pricee'"))
        #expect(unknownKey.code == "catalog.unknown-key")
        #expect(unknownKey.suggestion == "price")
        #expect(unknownKey.location?.line == 8)
        #expect(unknownKey.location?.column == 74)
        #expect(find("missing required key 'price' in products[0].variants[0]")?.location?.line == 8)
        let number = try #require(find("products[1].variants[0].price must be a decimal string"))
        #expect(number.hint?.contains("\"12.50\"") == true)
        #expect(number.location?.line == 10)
        let duplicate = try #require(find("duplicate ID gid://shopify/Product/1"))
        #expect(duplicate.notes.first?.location?.line == 7)
        #expect(find("products[1].handle must be lowercase words") != nil)
        #expect(find("products[2].id must be a global ID gid://shopify/Product/<n>") != nil)
        #expect(find("at most two decimals") != nil)
        #expect(find("quantityAvailable must be at least 0") != nil)
        #expect(find("collections[0].products[1] names no product: 'cc'") != nil)
        #expect(find("apiVersions must list 2026-04") != nil)
        #expect(find("valueType must be PERCENTAGE or FIXED_AMOUNT")?.suggestion == "PERCENTAGE")
        #expect(found.allSatisfy { $0.location?.file == "bad.json" && $0.code?.hasPrefix("catalog.") == true })
    }

    @Test("a missing file and a wrong catalogFormat are clear errors")
    func missingAndFormat() {
        do {
            _ = try ShopCatalog.load(path: "/nonexistent/catalog.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.message.contains("cannot read catalog file") == true)
        }
        let format = diagnostics(Self.minimal.replacing("\"catalogFormat\": 1", with: "\"catalogFormat\": 2"))
        #expect(format.first?.message == "catalogFormat must be 1, found number 2")
    }
}
