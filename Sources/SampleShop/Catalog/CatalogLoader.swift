import BuyflowCore
import GraphQLKit
import YAML

/// Reads a catalog document (`samples/README.md` documents the format), JSON or YAML,
/// into a `ShopCatalog`: the file becomes a `LocatedValue`, which a `CatalogReader`
/// walks, reporting every problem at once as a located diagnostic.
struct CatalogLoader {
    static let defaultTimestamp = "2026-01-01T00:00:00Z"

    var reader: CatalogReader
    /// Every `MediaImage` read so far (brand images, swatches), for `node(id:)`.
    var mediaImages: [JSONValue] = []

    init(schema: Schema) {
        var enums: [String: [String]] = [:]
        for name in ["CountryCode", "CurrencyCode", "LanguageCode", "CardBrand", "DigitalWallet", "WeightUnit", "DeliveryMethodType", "MenuItemType"] {
            if let type = schema.type(named: name), type.kind == .enum { enums[name] = type.enumValues.map(\.name) }
        }
        reader = CatalogReader(enums: enums)
    }

    /// Whether `path` names a YAML file (`.yaml`, `.yml`); any other is read as JSON.
    static func isYAML(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }

    /// Parses a catalog file's bytes, YAML or JSON by `path`'s extension, into a located
    /// tree; syntax errors are thrown.
    static func document(bytes: [UInt8], path: String) throws(DiagnosticList) -> LocatedValue {
        if isYAML(path) { return try YAMLParser.parseLocated(bytes: bytes, path: path, duplicateKeys: .keep) }
        do {
            return try JSONParser(path: path).parseLocated(bytes: bytes)
        } catch {
            var diagnostic = error
            diagnostic.code = "catalog.syntax"
            if diagnostic.hint == nil {
                diagnostic.hint = "a catalog is one JSON object; see samples/README.md for its format"
            }
            throw DiagnosticList([diagnostic])
        }
    }

    /// Parses and checks a catalog file's bytes (YAML or JSON by `path`'s extension).
    static func load(bytes: [UInt8], path: String, schema: Schema) throws(DiagnosticList) -> ShopCatalog {
        try load(document(bytes: bytes, path: path), schema: schema)
    }

    /// Checks a catalog document already parsed.
    static func load(_ document: LocatedValue, schema: Schema) throws(DiagnosticList) -> ShopCatalog {
        var loader = CatalogLoader(schema: schema)
        let catalog = loader.decode(document)
        if let catalog, loader.reader.diagnostics.isEmpty { return catalog }
        throw DiagnosticList(loader.reader.diagnostics)
    }

    // MARK: - Top level

    mutating func decode(_ document: LocatedValue) -> ShopCatalog? {
        guard let top = reader.object(document, CatalogSpecs.catalog, at: .root) else { return nil }
        if let format = top["catalogFormat"], format.int != 1 {
            reader.error("catalogFormat must be 1, found \(reader.describe(format))", at: format.location, code: "format",
                         hint: "this release of buyflow reads catalog format 1")
        }
        let currencies = decodeCurrencies(top, shopCurrency: top["shop"]?["currencyCode"]?.string ?? "")
        // Without a valid shop, go on with a stand-in so every other problem is reported too.
        let shop = decodeShop(top, presentment: currencies.map(\.currencyCode))
            ?? ShopInfo(json: .null, id: "", name: "", currencyCode: "", countryCode: "", url: "https://shop.invalid")
        let versions = decodeAPIVersions(top)

        // Collections name their products by handle: read them first.
        var collectionObjects: [CatalogObject?] = []
        for (index, item) in reader.list(top, "collections").enumerated() {
            collectionObjects.append(reader.object(item, CatalogSpecs.collection, at: top.path("collections").appending(index)))
        }
        let productItems = reader.list(top, "products")
        var productHandles: [String: Int] = [:]
        for (index, item) in productItems.enumerated() {
            if let handle = item["handle"]?.string, productHandles[handle] == nil { productHandles[handle] = index }
        }
        var membership: [[Int]] = Array(repeating: [], count: productItems.count)
        var collectionProducts: [[Int]] = []
        for (index, collection) in collectionObjects.enumerated() {
            var indices: [Int] = []
            if let collection {
                for (position, item) in reader.list(collection, "products").enumerated() {
                    let itemPath = collection.path("products").appending(position)
                    guard let handle = reader.document.string(item, itemPath.description) else { continue }
                    if let productIndex = productHandles[handle] {
                        if indices.contains(productIndex) {
                            reader.error("\(collection.path("products")) lists '\(handle)' twice", at: item.location, code: "duplicate")
                        } else {
                            indices.append(productIndex)
                            membership[productIndex].append(index)
                        }
                    } else {
                        reader.error(
                            "\(itemPath) names no product: '\(handle)'", at: item.location, code: "unknown-product",
                            suggestion: Suggestions.closest(to: handle, among: productHandles.keys.sorted())
                        )
                    }
                }
            }
            collectionProducts.append(indices)
        }

        var products: [ProductNode] = []
        var seenHandles: [String: (path: CatalogPath, location: SourceLocation)] = [:]
        for (index, item) in productItems.enumerated() {
            let path = top.path("products").appending(index)
            if let product = decodeProduct(item, index: products.count, at: path, shop: shop, collections: membership[index]) {
                let location = item["handle"]?.location ?? item.location
                if let first = seenHandles[product.handle] {
                    reader.error("duplicate product handle '\(product.handle)'", at: location, code: "duplicate-handle",
                                 notes: [Diagnostic.Note("first used at \(first.path)", at: first.location)])
                }
                seenHandles[product.handle] = (path.appending("handle"), location)
                products.append(product)
            }
        }
        var collections: [CollectionNode] = []
        var seenCollectionHandles: [String: (path: CatalogPath, location: SourceLocation)] = [:]
        for (index, object) in collectionObjects.enumerated() {
            guard let object, let collection = decodeCollection(
                object, index: collections.count, shop: shop, products: collectionProducts[index]
            ) else { continue }
            if let first = seenCollectionHandles[collection.handle] {
                reader.error("duplicate collection handle '\(collection.handle)'", at: object.location("handle"), code: "duplicate-handle",
                             notes: [Diagnostic.Note("first used at \(first.path)", at: first.location)])
            }
            seenCollectionHandles[collection.handle] = (object.path("handle"), object.location("handle"))
            collections.append(collection)
        }
        let discounts = decodeDiscounts(top)
        let giftCards = decodeGiftCards(top, shopCurrency: shop.currencyCode)
        let customers = decodeCustomers(top)
        let bundles = decodeBundles(top, products: products)
        let deliveryOptions = decodeDeliveryOptions(top)
        let content = decodeContent(top, shop: shop, products: products, collections: collections)
        guard reader.diagnostics.isEmpty else { return nil }
        var shopJSON = shop.json
        if case .object(var object) = shopJSON {
            for (key, value) in content.shopMembers { object[key] = value }
            shopJSON = .object(object)
        }
        return ShopCatalog(
            shopJSON: shopJSON, shopID: shop.id, shopName: shop.name, currencyCode: shop.currencyCode,
            countryCode: shop.countryCode, primaryURL: shop.url, presentmentCurrencies: currencies,
            apiVersionsJSON: .array(versions.map(\.json)), apiVersions: versions.map(\.handle), products: products,
            collections: collections, discountCodes: discounts, deliveryOptions: deliveryOptions,
            giftCards: giftCards, customers: customers, bundles: bundles,
            content: content.content
        )
    }

    static func isHandle(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("-"), !text.hasSuffix("-"), !text.contains("--") else { return false }
        return text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
    }
}
