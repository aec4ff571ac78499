import BuyflowCore
import Foundation
import Testing
@testable import SampleShop

@Suite("Catalog files, JSON and YAML: every problem at once, at its exact place")
struct CatalogDiagnosticsTests {
    func diagnostics(_ text: String, path: String) -> [Diagnostic] {
        do {
            _ = try ShopCatalog.load(bytes: Array(text.utf8), path: path)
            Issue.record("expected \(path) to be rejected")
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// One line per diagnostic and note: `file:line:column: error: message`.
    func lines(_ found: [Diagnostic]) -> [String] {
        found.flatMap { diagnostic in
            [diagnostic.description] + diagnostic.notes.map { "  note: \($0.location?.description ?? "-"): \($0.message)" }
        }
    }

    static let badJSON = """
        {
          "catalogFormat": 1,
          "shop": {"id": "gid://shopify/Shop/1", "name": "Café Zoë", "currencyCode": "EUR", "countryCode": "FR",
                   "primaryDomain": {"host": "cafe.example.invalid", "url": "https://cafe.example.invalid"}},
          "products": [
            {"id": "gid://shopify/Product/1", "handle": "crème", "title": "Crème brûlée", "tittle": "x",
             "variants": [{"id": "gid://shopify/ProductVariant/1", "title": "Défaut", "price": "4.50", "price": "5.00"}]},
            {"id": "gid://shopify/Product/1", "handle": "tarte", "title": "Tarte \\ud83e\\udd67", "tags": "free", "$note": "x",
             "variants": [{"id": "gid://shopify/ProductVariant/2", "title": "T", "price": 3.5, "quantityAvailable": -2}]}
          ],
          "deliveryOptions": [{"handle": "std", "title": "Standard – 2 €", "price": "5.00", "deliveryMethodType": "SHIPING"}]
        }
        """

    @Test("a JSON catalog with eight problems reports all eight, at file:line:column")
    func json() {
        let found = diagnostics(Self.badJSON, path: "bad.json")
        #expect(lines(found) == [
            // After "Crème brûlée" on the same line: columns count scalars, not bytes.
            "bad.json:6:83: error: unknown key 'tittle' in products[0]; did you mean 'title'?",
            "bad.json:6:49: error: products[0].handle must be lowercase words joined by '-', found \"crème\"",
            "bad.json:7:96: error: duplicate key 'price' in products[0].variants[0]",
            "  note: bad.json:7:79: 'price' first written here",
            "bad.json:8:12: error: duplicate ID gid://shopify/Product/1 at products[1].id",
            "  note: bad.json:6:12: first used at products[0].id",
            // After a surrogate-pair escape on the same line: twelve columns as written.
            "bad.json:8:97: error: expected a list for products[1].tags, found a string (\"free\")",
            "bad.json:9:83: error: products[1].variants[0].price must be a decimal string such as \"89.00\", found number 3.5",
            "bad.json:9:109: error: products[1].variants[0].quantityAvailable must be at least 0, found -2",
            "bad.json:11:107: error: deliveryOptions[0].deliveryMethodType must be a DeliveryMethodType, found \"SHIPING\"; did you mean 'SHIPPING'?",
        ])
        #expect(found.map(\.code) == [
            "catalog.unknown-key", "catalog.handle", "catalog.duplicate-key", "catalog.duplicate-id", "catalog.type", "catalog.type",
            "catalog.range", "catalog.enum",
        ])
        let unknown = found.first { $0.code == "catalog.unknown-key" }
        #expect(unknown?.hint?.hasPrefix("products[0] accepts id, handle, title, variants, description") == true)
        #expect(unknown?.hint?.hasSuffix("(keys starting with '$' are free for comments)") == true)
        #expect(found.first { $0.message.contains("decimal string") }?.hint?.contains("\"3.50\"") == true)
    }

    /// The JSON catalog's problems written in YAML: block style, with flow mappings where
    /// a key follows non-ASCII text on its line.
    static let badYAML = """
        catalogFormat: 1
        shop:
          id: gid://shopify/Shop/1
          name: Café Zoë
          currencyCode: EUR
          countryCode: FR
          primaryDomain: {host: cafe.example.invalid, url: "https://cafe.example.invalid"}
        products:
          - {id: "gid://shopify/Product/1", handle: crème, title: Crème brûlée, tittle: x,
             variants: [{id: "gid://shopify/ProductVariant/1", title: Défaut, price: "4.50", price: "5.00"}]}
          - id: gid://shopify/Product/1
            handle: tarte
            title: "Tarte \\U0001F967"
            tags: free
            $note: x
            variants:
              - {id: "gid://shopify/ProductVariant/2", title: T, price: 3.5, quantityAvailable: -2}
        deliveryOptions:
          - {handle: std, title: "Standard – 2 €", price: "5.00", deliveryMethodType: SHIPING}
        """

    @Test("the same problems in YAML are reported the same, at their YAML places")
    func yaml() {
        #expect(lines(diagnostics(Self.badYAML, path: "bad.yaml")) == [
            "bad.yaml:9:73: error: unknown key 'tittle' in products[0]; did you mean 'title'?",
            "bad.yaml:9:45: error: products[0].handle must be lowercase words joined by '-', found \"crème\"",
            "bad.yaml:10:86: error: duplicate key 'price' in products[0].variants[0]",
            "  note: bad.yaml:10:71: 'price' first written here",
            "bad.yaml:11:9: error: duplicate ID gid://shopify/Product/1 at products[1].id",
            "  note: bad.yaml:9:10: first used at products[0].id",
            "bad.yaml:14:11: error: expected a list for products[1].tags, found a string (\"free\")",
            "bad.yaml:17:65: error: products[1].variants[0].price must be a decimal string such as \"89.00\", found number 3.5",
            "bad.yaml:17:89: error: products[1].variants[0].quantityAvailable must be at least 0, found -2",
            "bad.yaml:19:79: error: deliveryOptions[0].deliveryMethodType must be a DeliveryMethodType, found \"SHIPING\"; did you mean 'SHIPPING'?",
        ])
    }

    /// The YAML parser keeps both pairs of a duplicate key, and the reader reports it with
    /// the catalog's other problems.
    @Test("a duplicate key in a YAML catalog is reported at its place, with the first one")
    func yamlDuplicateKey() {
        let found = diagnostics(Self.badYAML, path: "bad.yml")
        let duplicate = found.first { $0.message.hasPrefix("duplicate key 'price'") }
        #expect(duplicate?.location?.description == "bad.yml:10:86")
        #expect(duplicate?.notes.first?.location?.description == "bad.yml:10:71")
    }
}
