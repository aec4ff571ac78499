import BuyflowCore
import BuyflowTestSupport
import Foundation
import Testing
@testable import SampleShop

@Suite("Catalog files: YAML or JSON by extension, one reader for both")
struct CatalogFormatsTests {
    static let minimalYAML = """
        catalogFormat: 1
        $comment: a tiny catalog
        shop:
          id: gid://shopify/Shop/9
          name: Tiny
          currencyCode: EUR
          countryCode: FR
          primaryDomain: {host: tiny.example.invalid, url: "https://tiny.example.invalid"}
        products:
          - id: gid://shopify/Product/1
            handle: mug
            title: Mug
            description:
            variants:
              - {id: "gid://shopify/ProductVariant/1", title: Default Title, price: "9.5", compareAtPrice: null}
        """

    func diagnostics(_ text: String, path: String) -> [Diagnostic] {
        do {
            _ = try ShopCatalog.load(bytes: Array(text.utf8), path: path)
            Issue.record("expected \(path) to be rejected")
            return []
        } catch {
            return error.diagnostics
        }
    }

    static let query = """
        { shop { name description moneyFormat shipsToCountries brand { slogan colors { primary { background } } }
                 paymentSettings { currencyCode enabledPresentmentCurrencies acceptedCardBrands cardVaultUrl } }
          publicApiVersions { handle displayName supported }
          products(first: 50) { nodes { handle title vendor description descriptionHtml createdAt tags totalInventory
            variants(first: 10) { nodes { id title quantityAvailable availableForSale price { amount currencyCode } } } } }
          collections(first: 10) { nodes { handle title products(first: 20) { nodes { handle } } } } }
        """

    @Test("samples/catalog.json read as YAML (JSON is YAML) is the same catalog")
    func sampleAsYAML() throws {
        let bytes = Array(try Data(contentsOf: RepositoryPaths.file("samples/catalog.json")))
        let fromJSON = try ShopCatalog.load(bytes: bytes, path: "catalog.json")
        let fromYAML = try ShopCatalog.load(bytes: bytes, path: "catalog.yaml")
        #expect(fromYAML.shopJSON == fromJSON.shopJSON)
        #expect(fromYAML.apiVersionsJSON == fromJSON.apiVersionsJSON)
        #expect(fromYAML.productHandles == fromJSON.productHandles)
        #expect(fromYAML.allVariants.map(\.priceCents) == fromJSON.allVariants.map(\.priceCents))
        let answers = try [fromJSON, fromYAML].map { catalog in
            try #require(SampleShop(SampleShop.Options(catalog: catalog)).send(query: Self.query)).body
        }
        #expect(answers[0]["errors"] == nil)
        #expect(answers[0]["data"]?["products"]?["nodes"]?.arrayValue?.count == 9)
        #expect(answers[1] == answers[0])
    }

    @Test("load(path:) reads .yaml and .yml files as YAML, others as JSON")
    func byExtension() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["tiny.yaml", "tiny.yml", "TINY.YAML"] {
            let file = directory.appendingPathComponent(name)
            try Self.minimalYAML.write(to: file, atomically: true, encoding: .utf8)
            let catalog = try ShopCatalog.load(path: file.path)
            #expect(catalog.shopName == "Tiny")
            #expect(catalog.productHandles == ["mug"])
            #expect(catalog.allVariants.first?.priceCents == 950)
            #expect(catalog.allVariants.first?.compareAtPriceCents == nil)
        }
        let json = directory.appendingPathComponent("tiny.json")
        try Self.minimalYAML.write(to: json, atomically: true, encoding: .utf8)
        do {
            _ = try ShopCatalog.load(path: json.path)
            Issue.record("YAML in a .json file must not load")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["catalog.syntax"])
            #expect(error.diagnostics.first?.location?.description == "\(json.path):1:1")
        }
    }

    @Test("a null or empty required value is an error at the value; a null optional one is left out")
    func nullsAndEmptyValues() {
        let yaml = diagnostics(Self.minimalYAML.replacing("    title: Mug\n", with: "    title:\n"), path: "t.yaml")
        #expect(yaml.map(\.description) == ["t.yaml:12:11: error: products[0].title has no value"])
        #expect(yaml.first?.hint == "'title': the product's title")
        let json = diagnostics(CatalogLoadingTests.minimal.replacing(#""title": "Mug""#, with: #""title": null"#), path: "t.json")
        #expect(json.map(\.message) == ["products[0].title must not be null"])
        #expect(json.first?.location?.description == "t.json:7:65")
        #expect(json.first?.code == "catalog.missing-key")
    }

    @Test("a catalog that is not a mapping, and a mapping that is not one where expected")
    func wrongShapes() {
        #expect(diagnostics("[1, 2]", path: "list.json").map(\.description)
            == ["list.json:1:1: error: expected a mapping for the catalog, found a list"])
        let shop = diagnostics(CatalogLoadingTests.minimal.replacing(#""catalogFormat": 1,"#, with: #""catalogFormat": 1, "collections": {},"#), path: "c.json")
        #expect(shop.map(\.description) == ["c.json:2:38: error: expected a list for collections, found a mapping"])
    }

    @Test("translations: language keys are checked at the key; '$' keys are free")
    func translations() {
        let text = CatalogLoadingTests.minimal.replacing(
            #""title": "Mug","#, with: #""title": "Mug", "translations": {"$c": 1, "FR": {"title": "Tasse"}, "XX": {"titel": "?"}},"#
        )
        let found = diagnostics(text, path: "t.json")
        #expect(found.map(\.description) == [
            #"t.json:7:124: error: products[0].translations.XX must be a LanguageCode, found "XX"; did you mean 'XH'?"#,
        ])
    }
}
