#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BuyflowCore
import GraphQLKit

/// Reads a catalog document (`samples/README.md` documents the format) into a
/// `ShopCatalog`, reporting every problem as a located diagnostic.
struct CatalogLoader {
    static let defaultTimestamp = "2026-01-01T00:00:00Z"

    var reader: CatalogReader

    init(file: String, locator: CatalogLocations?, schema: Schema) {
        var enums: [String: [String]] = [:]
        for name in ["CountryCode", "CurrencyCode", "LanguageCode", "CardBrand", "DigitalWallet", "WeightUnit", "DeliveryMethodType"] {
            if let type = schema.type(named: name), type.kind == .enum { enums[name] = type.enumValues.map(\.name) }
        }
        reader = CatalogReader(file: file, locator: locator, enums: enums)
    }

    /// Parses and checks a catalog file's bytes.
    static func load(bytes: [UInt8], path: String, schema: Schema) throws(DiagnosticList) -> ShopCatalog {
        let json: JSONValue
        do {
            json = try JSONParser(path: path).parse(bytes: bytes)
        } catch {
            var diagnostic = error
            diagnostic.code = "catalog.syntax"
            if diagnostic.hint == nil {
                diagnostic.hint = "a catalog is one JSON object; see samples/README.md for its format"
            }
            throw DiagnosticList([diagnostic])
        }
        let locations = JSONLocator.locations(in: SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self)))
        return try load(json: json, path: path, locations: locations, schema: schema)
    }

    /// Checks a catalog document already parsed (from JSON or YAML).
    static func load(json: JSONValue, path: String, locations: CatalogLocations?, schema: Schema) throws(DiagnosticList) -> ShopCatalog {
        var loader = CatalogLoader(file: path, locator: locations, schema: schema)
        let catalog = loader.decode(json)
        if let catalog, loader.reader.diagnostics.isEmpty { return catalog }
        throw DiagnosticList(loader.reader.diagnostics)
    }

    // MARK: - Top level

    mutating func decode(_ json: JSONValue) -> ShopCatalog? {
        let root = CatalogPath.root
        guard let top = reader.object(
            json, at: root, required: ["catalogFormat", "shop", "products"],
            optional: ["presentmentCurrencies", "apiVersions", "collections", "discountCodes", "deliveryOptions"]
        ) else { return nil }
        if let format = top["catalogFormat"], format != .null, format != .int(1) {
            reader.error("catalogFormat must be 1, found \(reader.describe(format))", at: root.appending("catalogFormat"), code: "format",
                         hint: "this release of buyflow reads catalog format 1")
        }
        let currencies = decodeCurrencies(top, shopCurrency: top["shop"]?["currencyCode"]?.stringValue ?? "")
        // Without a valid shop, go on with a stand-in so every other problem is reported too.
        let shop = decodeShop(top["shop"], at: root.appending("shop"), presentment: currencies.map(\.currencyCode))
            ?? ShopInfo(json: .null, id: "", name: "", currencyCode: "", countryCode: "", url: "https://shop.invalid")
        let versions = decodeAPIVersions(top)

        // Collections name their products by handle: read them first.
        let collectionItems = reader.array(top, "collections", at: root)
        let productItems = reader.array(top, "products", at: root)
        var productHandles: [String: Int] = [:]
        for (index, item) in productItems.enumerated() {
            if case .string(let handle)? = item["handle"], productHandles[handle] == nil { productHandles[handle] = index }
        }
        var membership: [[Int]] = Array(repeating: [], count: productItems.count)
        var collectionProducts: [[Int]] = []
        for (index, item) in collectionItems.enumerated() {
            let path = root.appending("collections").appending(index)
            var indices: [Int] = []
            if case .object(let object) = item {
                for (position, handle) in reader.strings(object, "products", at: path).enumerated() {
                    if let productIndex = productHandles[handle] {
                        if indices.contains(productIndex) {
                            reader.error("\(path.appending("products")) lists '\(handle)' twice", at: path.appending("products").appending(position), code: "duplicate")
                        } else {
                            indices.append(productIndex)
                            membership[productIndex].append(index)
                        }
                    } else {
                        reader.error(
                            "\(path.appending("products").appending(position)) names no product: '\(handle)'",
                            at: path.appending("products").appending(position), code: "unknown-product",
                            suggestion: Suggestions.closest(to: handle, among: productHandles.keys.sorted())
                        )
                    }
                }
            }
            collectionProducts.append(indices)
        }

        var products: [ProductNode] = []
        var seenHandles: [String: CatalogPath] = [:]
        for (index, item) in productItems.enumerated() {
            let path = root.appending("products").appending(index)
            if let product = decodeProduct(item, index: products.count, at: path, shop: shop, collections: membership[index]) {
                if let first = seenHandles[product.handle] {
                    reader.error("duplicate product handle '\(product.handle)'", at: path.appending("handle"), code: "duplicate-handle",
                                 notes: [Diagnostic.Note("first used at \(first)", at: reader.location(first))])
                }
                seenHandles[product.handle] = path.appending("handle")
                products.append(product)
            }
        }
        var collections: [CollectionNode] = []
        var seenCollectionHandles: [String: CatalogPath] = [:]
        for (index, item) in collectionItems.enumerated() {
            let path = root.appending("collections").appending(index)
            if let collection = decodeCollection(item, index: collections.count, at: path, shop: shop, products: collectionProducts[index]) {
                if let first = seenCollectionHandles[collection.handle] {
                    reader.error("duplicate collection handle '\(collection.handle)'", at: path.appending("handle"), code: "duplicate-handle",
                                 notes: [Diagnostic.Note("first used at \(first)", at: reader.location(first))])
                }
                seenCollectionHandles[collection.handle] = path.appending("handle")
                collections.append(collection)
            }
        }
        let discounts = decodeDiscounts(top)
        let deliveryOptions = decodeDeliveryOptions(top)
        guard reader.diagnostics.isEmpty else { return nil }
        return ShopCatalog(
            shopJSON: shop.json, shopID: shop.id, shopName: shop.name, currencyCode: shop.currencyCode,
            countryCode: shop.countryCode, primaryURL: shop.url, presentmentCurrencies: currencies,
            apiVersionsJSON: .array(versions.map(\.json)), apiVersions: versions.map(\.handle), products: products,
            collections: collections, discountCodes: discounts, deliveryOptions: deliveryOptions
        )
    }

    // MARK: - Shop

    struct ShopInfo {
        var json: JSONValue
        var id: String
        var name: String
        var currencyCode: String
        var countryCode: String
        var url: String
    }

    mutating func decodeShop(_ value: JSONValue?, at path: CatalogPath, presentment others: [String]) -> ShopInfo? {
        guard let shop = reader.object(
            value, at: path, required: ["id", "name", "currencyCode", "countryCode", "primaryDomain"],
            optional: ["description", "moneyFormat", "shipsToCountries", "paymentSettings", "brand"]
        ) else { return nil }
        let id = reader.globalID(shop, "id", type: "Shop", at: path)
        let name = reader.string(shop, "name", at: path)
        let currency = reader.enumValue(shop, "currencyCode", type: "CurrencyCode", at: path)
        let country = reader.enumValue(shop, "countryCode", type: "CountryCode", at: path)
        let description = reader.string(shop, "description", at: path)
        let moneyFormat = reader.string(shop, "moneyFormat", at: path) ?? "${{amount}}"

        var domainJSON = JSONValue.null
        var url: String?
        let domainPath = path.appending("primaryDomain")
        if let domain = reader.object(shop["primaryDomain"], at: domainPath, required: ["host", "url"], optional: ["sslEnabled"]) {
            let host = reader.string(domain, "host", at: domainPath)
            url = reader.string(domain, "url", at: domainPath)
            if let text = url, !text.hasPrefix("https://") || text.hasSuffix("/") || text.count <= 8 {
                reader.error("\(domainPath.appending("url")) must be an https URL without a trailing slash, found \"\(text)\"",
                             at: domainPath.appending("url"), code: "url")
                url = nil
            }
            let ssl = reader.bool(domain, "sslEnabled", at: domainPath) ?? true
            domainJSON = ["host": .string(host ?? ""), "sslEnabled": .bool(ssl), "url": .string(url ?? "")]
        }
        let ships = shop["shipsToCountries"] == nil ? (country.map { [$0] } ?? [])
            : reader.enumValues(shop, "shipsToCountries", type: "CountryCode", at: path)

        let paymentPath = path.appending("paymentSettings")
        var brands: [String] = [], wallets: [String] = [], vault: String?, accountID: String?
        if let payment = reader.object(
            shop["paymentSettings"] == .null ? nil : shop["paymentSettings"], at: paymentPath, required: [],
            optional: ["acceptedCardBrands", "cardVaultUrl", "supportedDigitalWallets", "shopifyPaymentsAccountId"]
        ) {
            brands = reader.enumValues(payment, "acceptedCardBrands", type: "CardBrand", at: paymentPath)
            wallets = reader.enumValues(payment, "supportedDigitalWallets", type: "DigitalWallet", at: paymentPath)
            vault = reader.string(payment, "cardVaultUrl", at: paymentPath)
            accountID = reader.string(payment, "shopifyPaymentsAccountId", at: paymentPath)
        }
        let brand = decodeBrand(shop["brand"], at: path.appending("brand"))

        guard let id, let name, let currency, let country, let url else { return nil }
        let presentment = [currency] + others
        var payment = JSONObject()
        payment["acceptedCardBrands"] = .array(brands.map(JSONValue.string))
        payment["cardVaultUrl"] = .string(vault ?? url + "/card-vault")
        payment["countryCode"] = .string(country)
        payment["currencyCode"] = .string(currency)
        payment["enabledPresentmentCurrencies"] = .array(presentment.map(JSONValue.string))
        payment["shopifyPaymentsAccountId"] = accountID.map(JSONValue.string) ?? .null
        payment["supportedDigitalWallets"] = .array(wallets.map(JSONValue.string))
        var json = JSONObject()
        json["__typename"] = "Shop"
        json["brand"] = brand
        json["description"] = description.map(JSONValue.string) ?? .null
        json["id"] = .string(id.id)
        json["moneyFormat"] = .string(moneyFormat)
        json["name"] = .string(name)
        json["paymentSettings"] = .object(payment)
        json["primaryDomain"] = domainJSON
        json["shipsToCountries"] = .array(ships.map(JSONValue.string))
        return ShopInfo(json: .object(json), id: id.id, name: name, currencyCode: currency, countryCode: country, url: url)
    }

    mutating func decodeBrand(_ value: JSONValue?, at path: CatalogPath) -> JSONValue {
        guard let value, value != .null,
              let brand = reader.object(value, at: path, required: [], optional: ["slogan", "shortDescription", "colors"]) else { return .null }
        var colors = JSONObject([("primary", JSONValue.array([])), ("secondary", JSONValue.array([]))])
        let colorsPath = path.appending("colors")
        if let object = reader.object(brand["colors"] == .null ? nil : brand["colors"], at: colorsPath, required: [], optional: ["primary", "secondary"]) {
            for group in ["primary", "secondary"] {
                var entries: [JSONValue] = []
                for (index, item) in reader.array(object, group, at: colorsPath).enumerated() {
                    let itemPath = colorsPath.appending(group).appending(index)
                    guard let pair = reader.object(item, at: itemPath, required: [], optional: ["background", "foreground"]) else { continue }
                    var entry = JSONObject()
                    for key in ["background", "foreground"] {
                        let color = reader.string(pair, key, at: itemPath)
                        if let color, !Self.isColor(color) {
                            reader.error("\(itemPath.appending(key)) must be a colour #RRGGBB, found \"\(color)\"", at: itemPath.appending(key), code: "color")
                        }
                        entry[key] = color.map(JSONValue.string) ?? .null
                    }
                    entries.append(.object(entry))
                }
                colors[group] = .array(entries)
            }
        }
        return [
            "colors": .object(colors),
            "shortDescription": reader.string(brand, "shortDescription", at: path).map(JSONValue.string) ?? .null,
            "slogan": reader.string(brand, "slogan", at: path).map(JSONValue.string) ?? .null,
        ]
    }

    static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }

    // MARK: - Currencies and versions

    mutating func decodeCurrencies(_ top: JSONObject, shopCurrency: String) -> [PresentmentCurrency] {
        var result: [PresentmentCurrency] = []
        var countries: [String: CatalogPath] = [:]
        let path = CatalogPath.root.appending("presentmentCurrencies")
        for (index, item) in reader.array(top, "presentmentCurrencies", at: .root).enumerated() {
            let itemPath = path.appending(index)
            guard let object = reader.object(item, at: itemPath, required: ["currencyCode", "rate"], optional: ["countries"]) else { continue }
            let code = reader.enumValue(object, "currencyCode", type: "CurrencyCode", at: itemPath)
            if let code, code == shopCurrency || result.contains(where: { $0.currencyCode == code }) {
                reader.error("\(itemPath.appending("currencyCode")) \(code == shopCurrency ? "is the shop currency" : "is listed twice"): \(code)",
                             at: itemPath.appending("currencyCode"), code: "currency")
            }
            let rate = reader.decimal(object, "rate", at: itemPath)
            let list = reader.enumValues(object, "countries", type: "CountryCode", at: itemPath)
            for (position, country) in list.enumerated() {
                let countryPath = itemPath.appending("countries").appending(position)
                if let first = countries[country] {
                    reader.error("country \(country) appears twice in presentmentCurrencies", at: countryPath, code: "duplicate",
                                 notes: [Diagnostic.Note("first listed at \(first)", at: reader.location(first))])
                }
                countries[country] = countryPath
            }
            if let code, let rate { result.append(PresentmentCurrency(currencyCode: code, rate: rate, countries: list)) }
        }
        return result
    }

    struct APIVersion {
        var handle: String
        var json: JSONValue
    }

    mutating func decodeAPIVersions(_ top: JSONObject) -> [APIVersion] {
        let path = CatalogPath.root.appending("apiVersions")
        guard top["apiVersions"] != nil, top["apiVersions"] != .null else {
            return [APIVersion(handle: "2026-04", json: ["displayName": "2026-04 (Latest)", "handle": "2026-04", "supported": true])]
        }
        var result: [APIVersion] = []
        for (index, item) in reader.array(top, "apiVersions", at: .root).enumerated() {
            let itemPath = path.appending(index)
            guard let object = reader.object(item, at: itemPath, required: ["handle"], optional: ["displayName", "supported"]) else { continue }
            guard let handle = reader.string(object, "handle", at: itemPath) else { continue }
            if !Self.isVersionHandle(handle) {
                reader.error("\(itemPath.appending("handle")) must be YYYY-MM or unstable, found \"\(handle)\"", at: itemPath.appending("handle"), code: "version")
                continue
            }
            if result.contains(where: { $0.handle == handle }) {
                reader.error("API version \(handle) is listed twice", at: itemPath.appending("handle"), code: "duplicate")
            }
            let display = reader.string(object, "displayName", at: itemPath) ?? handle
            let supported = reader.bool(object, "supported", at: itemPath) ?? true
            result.append(APIVersion(handle: handle, json: ["displayName": .string(display), "handle": .string(handle), "supported": .bool(supported)]))
        }
        if !result.contains(where: { $0.handle == "2026-04" }) {
            reader.error("apiVersions must list 2026-04, the version whose schema the shop serves", at: path, code: "version")
        }
        return result
    }

    static func isVersionHandle(_ text: String) -> Bool {
        if text == "unstable" { return true }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let month = Int(parts[1]), Int(parts[0]) != nil else { return false }
        return (1...12).contains(month)
    }

    // MARK: - Products

    mutating func decodeProduct(_ value: JSONValue, index: Int, at path: CatalogPath, shop: ShopInfo, collections: [Int]) -> ProductNode? {
        guard let product = reader.object(
            value, at: path, required: ["id", "handle", "title", "variants"],
            optional: ["description", "descriptionHtml", "vendor", "productType", "tags", "createdAt", "updatedAt",
                       "publishedAt", "seo", "images", "options", "translations"]
        ) else { return nil }
        let id = reader.globalID(product, "id", type: "Product", at: path)
        let handle = reader.string(product, "handle", at: path)
        if let handle, !Self.isHandle(handle) {
            reader.error("\(path.appending("handle")) must be lowercase words joined by '-', found \"\(handle)\"", at: path.appending("handle"), code: "handle")
        }
        let text = decodeText(product, at: path)
        let vendor = reader.string(product, "vendor", at: path) ?? shop.name
        let productType = reader.string(product, "productType", at: path) ?? ""
        let tags = reader.strings(product, "tags", at: path)
        let createdAt = reader.timestamp(product, "createdAt", at: path) ?? Self.defaultTimestamp
        let updatedAt = reader.timestamp(product, "updatedAt", at: path) ?? createdAt
        let publishedAt = reader.timestamp(product, "publishedAt", at: path) ?? createdAt
        let seo = decodeSEO(product["seo"], at: path.appending("seo"))

        var images: [JSONValue] = []
        var imageByID: [String: JSONValue] = [:]
        for (position, item) in reader.array(product, "images", at: path).enumerated() {
            if let image = decodeImage(item, type: "ProductImage", at: path.appending("images").appending(position)) {
                images.append(image.json)
                imageByID[image.id] = image.json
            }
        }

        // Options.
        var optionDefinitions: [(id: String, name: String, values: [(id: String, name: String)])] = []
        for (position, item) in reader.array(product, "options", at: path).enumerated() {
            let optionPath = path.appending("options").appending(position)
            guard let option = reader.object(item, at: optionPath, required: ["id", "name"], optional: ["values"]) else { continue }
            let optionID = reader.globalID(option, "id", type: "ProductOption", at: optionPath)
            let name = reader.string(option, "name", at: optionPath)
            var values: [(id: String, name: String)] = []
            for (valueIndex, valueItem) in reader.array(option, "values", at: optionPath).enumerated() {
                let valuePath = optionPath.appending("values").appending(valueIndex)
                guard let entry = reader.object(valueItem, at: valuePath, required: ["id", "name"], optional: []) else { continue }
                let valueID = reader.globalID(entry, "id", type: "ProductOptionValue", at: valuePath)
                let valueName = reader.string(entry, "name", at: valuePath)
                if let valueID, let valueName { values.append((valueID.id, valueName)) }
            }
            if let optionID, let name {
                if optionDefinitions.contains(where: { $0.name == name }) {
                    reader.error("option '\(name)' is defined twice in \(path)", at: optionPath.appending("name"), code: "duplicate")
                }
                optionDefinitions.append((optionID.id, name, values))
            }
        }

        // Variants.
        var variants: [VariantNode] = []
        let variantItems = reader.array(product, "variants", at: path)
        if product["variants"] != nil, variantItems.isEmpty {
            reader.error("\(path.appending("variants")) must list at least one variant", at: path.appending("variants"), code: "variants")
        }
        var selections: [String: CatalogPath] = [:]
        for (position, item) in variantItems.enumerated() {
            let variantPath = path.appending("variants").appending(position)
            guard let variant = decodeVariant(
                item, productIndex: index, position: variants.count, at: variantPath, images: imageByID, options: optionDefinitions
            ) else { continue }
            let key = variant.selectedOptions.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            if !optionDefinitions.isEmpty, let first = selections[key] {
                reader.error("two variants of \(path) select the same options (\(key))", at: variantPath.appending("selectedOptions"), code: "duplicate",
                             notes: [Diagnostic.Note("the other one is \(first)", at: reader.location(first))])
            }
            selections[key] = variantPath
            variants.append(variant)
        }

        let options = optionDefinitions.map { definition in
            let otherFirsts = optionDefinitions.filter { $0.name != definition.name }.map { ($0.name, $0.values.first?.name) }
            return ProductOptionNode(
                id: definition.id, name: definition.name, productIndex: index,
                values: definition.values.map { value in
                    let exact = variants.firstIndex { variant in
                        variant.value(ofOption: definition.name) == value.name
                            && otherFirsts.allSatisfy { variant.value(ofOption: $0.0) == $0.1 }
                    }
                    let any = variants.firstIndex { $0.value(ofOption: definition.name) == value.name }
                    return ProductOptionValueNode(
                        id: value.id, name: value.name, optionName: definition.name, productIndex: index,
                        firstSelectableVariant: exact ?? any
                    )
                }
            )
        }
        guard let id, let handle, let text, !variants.isEmpty else { return nil }
        return ProductNode(
            index: index, id: id.id, number: id.number, handle: handle, text: text, vendor: vendor, productType: productType,
            tags: tags, createdAt: createdAt, updatedAt: updatedAt, publishedAt: publishedAt, seo: seo, images: images,
            options: options, variants: variants, collectionIndices: collections,
            onlineStoreUrl: shop.url + "/products/" + handle
        )
    }

    mutating func decodeVariant(
        _ value: JSONValue, productIndex: Int, position: Int, at path: CatalogPath, images: [String: JSONValue],
        options: [(id: String, name: String, values: [(id: String, name: String)])]
    ) -> VariantNode? {
        guard let variant = reader.object(
            value, at: path, required: ["id", "title", "price"],
            optional: ["compareAtPrice", "sku", "barcode", "quantityAvailable", "availableForSale", "selectedOptions",
                       "image", "weight", "weightUnit", "requiresShipping", "taxable"]
        ) else { return nil }
        let id = reader.globalID(variant, "id", type: "ProductVariant", at: path)
        let title = reader.string(variant, "title", at: path)
        let price = reader.money(variant, "price", at: path)
        let compareAt = reader.money(variant, "compareAtPrice", at: path)
        let quantity = reader.int(variant, "quantityAvailable", at: path, minimum: 0)
        let available = reader.bool(variant, "availableForSale", at: path) ?? ((quantity ?? 1) > 0)
        var selected: [(name: String, value: String)] = []
        for (index, item) in reader.array(variant, "selectedOptions", at: path).enumerated() {
            let itemPath = path.appending("selectedOptions").appending(index)
            guard let pair = reader.object(item, at: itemPath, required: ["name", "value"], optional: []),
                  let name = reader.string(pair, "name", at: itemPath), let optionValue = reader.string(pair, "value", at: itemPath) else { continue }
            guard let option = options.first(where: { $0.name == name }) else {
                reader.error("\(itemPath.appending("name")) names no option of the product: '\(name)'", at: itemPath.appending("name"), code: "option",
                             suggestion: Suggestions.closest(to: name, among: options.map(\.name)))
                continue
            }
            if !option.values.contains(where: { $0.name == optionValue }) {
                reader.error("\(itemPath.appending("value")) is not a value of option '\(name)': '\(optionValue)'", at: itemPath.appending("value"), code: "option",
                             suggestion: Suggestions.closest(to: optionValue, among: option.values.map(\.name)))
                continue
            }
            if selected.contains(where: { $0.name == name }) {
                reader.error("\(path.appending("selectedOptions")) selects option '\(name)' twice", at: itemPath, code: "option")
                continue
            }
            selected.append((name, optionValue))
        }
        if !options.isEmpty, variant["selectedOptions"] != nil || selected.count != options.count {
            for option in options where !selected.contains(where: { $0.name == option.name }) {
                reader.error("\(path.appending("selectedOptions")) must select a value of option '\(option.name)'", at: path.appending(variant["selectedOptions"] == nil ? "id" : "selectedOptions"), code: "option")
            }
        }
        var image = JSONValue.null
        if let imageID = reader.string(variant, "image", at: path) {
            if let found = images[imageID] {
                image = found
            } else {
                reader.error("\(path.appending("image")) names no image of the product: '\(imageID)'", at: path.appending("image"), code: "image",
                             suggestion: Suggestions.closest(to: imageID, among: images.keys.sorted()))
            }
        }
        let weight = reader.double(variant, "weight", at: path)
        let weightUnit = reader.enumValue(variant, "weightUnit", type: "WeightUnit", at: path) ?? "KILOGRAMS"
        guard let id, let title, let price else { return nil }
        return VariantNode(
            id: id.id, number: id.number, productIndex: productIndex, position: position, title: title, priceCents: price,
            compareAtPriceCents: compareAt, sku: reader.string(variant, "sku", at: path), barcode: reader.string(variant, "barcode", at: path),
            quantityAvailable: quantity, availableForSale: available, selectedOptions: selected, image: image, weight: weight,
            weightUnit: weightUnit, requiresShipping: reader.bool(variant, "requiresShipping", at: path) ?? true,
            taxable: reader.bool(variant, "taxable", at: path) ?? true
        )
    }

    // MARK: - Collections, discounts, delivery

    mutating func decodeCollection(_ value: JSONValue, index: Int, at path: CatalogPath, shop: ShopInfo, products: [Int]) -> CollectionNode? {
        guard let collection = reader.object(
            value, at: path, required: ["id", "handle", "title"],
            optional: ["description", "descriptionHtml", "image", "updatedAt", "seo", "products", "translations"]
        ) else { return nil }
        let id = reader.globalID(collection, "id", type: "Collection", at: path)
        let handle = reader.string(collection, "handle", at: path)
        if let handle, !Self.isHandle(handle) {
            reader.error("\(path.appending("handle")) must be lowercase words joined by '-', found \"\(handle)\"", at: path.appending("handle"), code: "handle")
        }
        let text = decodeText(collection, at: path)
        var image = JSONValue.null
        if let item = collection["image"], item != .null {
            image = decodeImage(item, type: "CollectionImage", at: path.appending("image"))?.json ?? .null
        }
        let updatedAt = reader.timestamp(collection, "updatedAt", at: path) ?? Self.defaultTimestamp
        let seo = decodeSEO(collection["seo"], at: path.appending("seo"))
        guard let id, let handle, let text else { return nil }
        return CollectionNode(
            index: index, id: id.id, number: id.number, handle: handle, text: text, image: image, updatedAt: updatedAt, seo: seo,
            productIndices: products, onlineStoreUrl: shop.url + "/collections/" + handle
        )
    }

    mutating func decodeDiscounts(_ top: JSONObject) -> [DiscountCodeEntry] {
        var result: [DiscountCodeEntry] = []
        let path = CatalogPath.root.appending("discountCodes")
        for (index, item) in reader.array(top, "discountCodes", at: .root).enumerated() {
            let itemPath = path.appending(index)
            guard let object = reader.object(item, at: itemPath, required: ["code", "valueType", "value"], optional: ["title"]) else { continue }
            let code = reader.string(object, "code", at: itemPath)
            if let code, result.contains(where: { $0.code.uppercased() == code.uppercased() }) {
                reader.error("discount code \(code) is listed twice (codes match case-insensitively)", at: itemPath.appending("code"), code: "duplicate")
            }
            let valueType = reader.string(object, "valueType", at: itemPath)
            var discount: DiscountCodeEntry.Value?
            switch valueType {
            case "PERCENTAGE":
                if let number = reader.decimal(object, "value", at: itemPath) {
                    if number.units > 100 * number.divisor {
                        reader.error("\(itemPath.appending("value")) is a percentage above 100", at: itemPath.appending("value"), code: "range")
                    } else {
                        discount = .percentage(number)
                    }
                }
            case "FIXED_AMOUNT":
                discount = reader.money(object, "value", at: itemPath).map { .fixedAmount($0) }
            case let other?:
                reader.error("\(itemPath.appending("valueType")) must be PERCENTAGE or FIXED_AMOUNT, found \"\(other)\"", at: itemPath.appending("valueType"),
                             code: "enum", suggestion: Suggestions.closest(to: other, among: ["PERCENTAGE", "FIXED_AMOUNT"]))
            case nil: break
            }
            if let code, let discount {
                result.append(DiscountCodeEntry(code: code, title: reader.string(object, "title", at: itemPath) ?? code, value: discount))
            }
        }
        return result
    }

    mutating func decodeDeliveryOptions(_ top: JSONObject) -> [DeliveryOptionEntry] {
        var result: [DeliveryOptionEntry] = []
        let path = CatalogPath.root.appending("deliveryOptions")
        for (index, item) in reader.array(top, "deliveryOptions", at: .root).enumerated() {
            let itemPath = path.appending(index)
            guard let object = reader.object(
                item, at: itemPath, required: ["handle", "title", "price"], optional: ["code", "description", "deliveryMethodType"]
            ) else { continue }
            let handle = reader.string(object, "handle", at: itemPath)
            if let handle, result.contains(where: { $0.handle == handle }) {
                reader.error("delivery option handle '\(handle)' is used twice", at: itemPath.appending("handle"), code: "duplicate")
            }
            let title = reader.string(object, "title", at: itemPath)
            let price = reader.money(object, "price", at: itemPath)
            let method = reader.enumValue(object, "deliveryMethodType", type: "DeliveryMethodType", at: itemPath) ?? "SHIPPING"
            if let handle, let title, let price {
                result.append(DeliveryOptionEntry(
                    handle: handle, title: title, code: reader.string(object, "code", at: itemPath),
                    description: reader.string(object, "description", at: itemPath), deliveryMethodType: method, priceCents: price
                ))
            }
        }
        return result
    }

    // MARK: - Shared parts

    mutating func decodeText(_ object: JSONObject, at path: CatalogPath) -> LocalizedText? {
        let title = reader.string(object, "title", at: path)
        let description = reader.string(object, "description", at: path)
        let html = reader.string(object, "descriptionHtml", at: path)
        var translations: [String: LocalizedText.Translation] = [:]
        let translationsPath = path.appending("translations")
        if let value = object["translations"], value != .null {
            if case .object(let byLanguage) = value {
                for (language, entry) in byLanguage where !language.hasPrefix("$") {
                    let entryPath = translationsPath.appending(language)
                    guard reader.checkEnum(language, type: "LanguageCode", at: entryPath) != nil,
                          let fields = reader.object(entry, at: entryPath, required: [], optional: ["title", "description", "descriptionHtml"]) else { continue }
                    translations[language] = LocalizedText.Translation(
                        title: reader.string(fields, "title", at: entryPath),
                        description: reader.string(fields, "description", at: entryPath),
                        descriptionHtml: reader.string(fields, "descriptionHtml", at: entryPath)
                    )
                }
            } else {
                reader.typeError(value, at: translationsPath, expected: "an object keyed by LanguageCode")
            }
        }
        guard let title else { return nil }
        return LocalizedText(
            title: title,
            description: description ?? html.map(LocalizedText.plainText(fromHTML:)) ?? "",
            descriptionHtml: html ?? description.map(LocalizedText.html(fromPlainText:)) ?? "",
            translations: translations
        )
    }

    mutating func decodeSEO(_ value: JSONValue?, at path: CatalogPath) -> JSONValue {
        guard let value, value != .null, let seo = reader.object(value, at: path, required: [], optional: ["title", "description"]) else {
            return ["description": nil, "title": nil]
        }
        return [
            "description": reader.string(seo, "description", at: path).map(JSONValue.string) ?? .null,
            "title": reader.string(seo, "title", at: path).map(JSONValue.string) ?? .null,
        ]
    }

    mutating func decodeImage(_ value: JSONValue, type: String, at path: CatalogPath) -> (id: String, json: JSONValue)? {
        guard let image = reader.object(value, at: path, required: ["id", "url"], optional: ["altText", "width", "height"]) else { return nil }
        let id = reader.globalID(image, "id", type: type, at: path)
        let url = reader.string(image, "url", at: path)
        if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            reader.error("\(path.appending("url")) must be an absolute URL, found \"\(url)\"", at: path.appending("url"), code: "url")
        }
        let alt = reader.string(image, "altText", at: path)
        let width = reader.int(image, "width", at: path, minimum: 1)
        let height = reader.int(image, "height", at: path, minimum: 1)
        guard let id, let url else { return nil }
        var json = JSONObject()
        json["altText"] = alt.map(JSONValue.string) ?? .null
        json["height"] = height.map(JSONValue.int) ?? .null
        json["id"] = .string(id.id)
        json["originalSrc"] = .string(url)
        json["src"] = .string(url)
        json["url"] = .string(url)
        json["width"] = width.map(JSONValue.int) ?? .null
        return (id.id, .object(json))
    }

    static func isHandle(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("-"), !text.hasSuffix("-"), !text.contains("--") else { return false }
        return text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
    }
}
