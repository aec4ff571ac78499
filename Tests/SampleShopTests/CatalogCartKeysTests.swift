import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Catalog gift cards, customers and bundles")
struct CatalogCartKeysTests {
    static let bad = """
        {
          "catalogFormat": 1,
          "shop": {"id": "gid://shopify/Shop/1", "name": "S", "currencyCode": "USD", "countryCode": "US",
                   "primaryDomain": {"host": "s.example.invalid", "url": "https://s.example.invalid"}},
          "products": [{"id": "gid://shopify/Product/1", "handle": "a", "title": "A",
                        "variants": [{"id": "gid://shopify/ProductVariant/1", "title": "Default Title", "price": "10.00"}]},
                       {"id": "gid://shopify/Product/2", "handle": "b", "title": "B",
                        "variants": [{"id": "gid://shopify/ProductVariant/2", "title": "Default Title", "price": "5.00"}]}],
          "giftCards": [{"code": "GIFTCARD0001", "balance": "10.00"}, {"code": "giftcard0001", "balance": "5", "currencyCode": "CAD"}],
          "customers": [{"accessToken": "t", "id": "gid://shopify/Customer/1", "email": "nope"},
                        {"accessToken": "t", "id": "gid://shopify/Customer/2", "phone": "555"}],
          "bundles": [{"variant": "gid://shopify/ProductVariant/1", "components": [{"variant": "gid://shopify/ProductVariant/2"},
                                                                                  {"variant": "gid://shopify/ProductVariant/9"}]},
                      {"variant": "gid://shopify/ProductVariant/2", "components": [{"variant": "gid://shopify/ProductVariant/1"}]}]
        }
        """

    @Test("every problem of the new keys at once, located")
    func problems() {
        do {
            _ = try ShopCatalog.load(bytes: Array(Self.bad.utf8), path: "bad.json")
            Issue.record("expected the catalog to be rejected")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines == [
                "bad.json:9:72: error: gift card code giftcard0001 is listed twice (codes match case-insensitively)",
                "bad.json:9:120: error: giftCards[1].currencyCode must be the shop currency USD, found \"CAD\"",
                "bad.json:10:81: error: customers[0].email must be an email address, found \"nope\"",
                "bad.json:11:33: error: customer access token 't' is used twice",
                "bad.json:11:81: error: customers[1].phone must be a phone number in E.164 form such as +16135551111, found \"555\"",
                "bad.json:12:88: error: bundles[0].components[0].variant is a bundle itself: 'gid://shopify/ProductVariant/2'",
                "bad.json:13:87: error: bundles[0].components[1].variant names no variant: 'gid://shopify/ProductVariant/9'; did you mean 'gid://shopify/ProductVariant/1'?",
                "bad.json:14:88: error: bundles[1].components[0].variant is a bundle itself: 'gid://shopify/ProductVariant/1'",
            ], "\(lines)")
        }
    }

    @Test("the default catalog's gift cards, customer and bundle")
    func defaults() {
        let catalog = ShopCatalog.sample
        #expect(catalog.giftCard(code: "sample25-gift-a1b2")?.balanceCents == 2500)
        #expect(catalog.giftCard(code: "SAMPLE500GIFTC3D4")?.lastCharacters == "C3D4")
        #expect(catalog.customer(accessToken: "sample-customer-token-ada")?.email == "ada@example.com")
        #expect(catalog.bundle(variantID: "gid://shopify/ProductVariant/14")?.components.map(\.variantID)
            == ["gid://shopify/ProductVariant/6", "gid://shopify/ProductVariant/16"])
    }
}
