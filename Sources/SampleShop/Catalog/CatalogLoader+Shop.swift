import BuyflowCore

/// The shop, its presentment currencies and API versions.
extension CatalogLoader {
    struct ShopInfo {
        var json: JSONValue
        var id: String
        var name: String
        var currencyCode: String
        var countryCode: String
        var url: String
    }

    mutating func decodeShop(_ top: CatalogObject, presentment others: [String]) -> ShopInfo? {
        guard let shop = reader.object(top, "shop", CatalogSpecs.shop) else { return nil }
        let id = reader.globalID(shop, "id", type: "Shop")
        let name = reader.string(shop, "name")
        let currency = reader.enumValue(shop, "currencyCode", type: "CurrencyCode")
        let country = reader.enumValue(shop, "countryCode", type: "CountryCode")
        let description = reader.string(shop, "description")
        let moneyFormat = reader.string(shop, "moneyFormat") ?? "${{amount}}"

        var domainJSON = JSONValue.null
        var url: String?
        if let domain = reader.object(shop, "primaryDomain", CatalogSpecs.primaryDomain) {
            let host = reader.string(domain, "host")
            url = reader.string(domain, "url")
            if let text = url, !text.hasPrefix("https://") || text.hasSuffix("/") || text.count <= 8 {
                reader.error("\(domain.path("url")) must be an https URL without a trailing slash, found \"\(text)\"",
                             at: domain.location("url"), code: "url")
                url = nil
            }
            let ssl = reader.bool(domain, "sslEnabled") ?? true
            domainJSON = ["host": .string(host ?? ""), "sslEnabled": .bool(ssl), "url": .string(url ?? "")]
        }
        let ships = shop["shipsToCountries"] == nil ? (country.map { [$0] } ?? [])
            : reader.enumValues(shop, "shipsToCountries", type: "CountryCode")

        var brands: [String] = [], wallets: [String] = [], vault: String?, accountID: String?
        if let payment = reader.object(shop, "paymentSettings", CatalogSpecs.paymentSettings) {
            brands = reader.enumValues(payment, "acceptedCardBrands", type: "CardBrand")
            wallets = reader.enumValues(payment, "supportedDigitalWallets", type: "DigitalWallet")
            vault = reader.string(payment, "cardVaultUrl")
            accountID = reader.string(payment, "shopifyPaymentsAccountId")
        }
        let brand = decodeBrand(shop)

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

    mutating func decodeBrand(_ shop: CatalogObject) -> JSONValue {
        guard let brand = reader.object(shop, "brand", CatalogSpecs.brand) else { return .null }
        var colors = JSONObject([("primary", JSONValue.array([])), ("secondary", JSONValue.array([]))])
        if let object = reader.object(brand, "colors", CatalogSpecs.brandColors) {
            for group in ["primary", "secondary"] {
                var entries: [JSONValue] = []
                for (index, item) in reader.list(object, group).enumerated() {
                    guard let pair = reader.object(item, CatalogSpecs.colorPair, at: object.path(group).appending(index)) else { continue }
                    var entry = JSONObject()
                    for key in ["background", "foreground"] {
                        let color = reader.string(pair, key)
                        if let color, !Self.isColor(color) {
                            reader.error("\(pair.path(key)) must be a colour #RRGGBB, found \"\(color)\"", at: pair.location(key), code: "color")
                        }
                        entry[key] = color.map(JSONValue.string) ?? .null
                    }
                    entries.append(.object(entry))
                }
                colors[group] = .array(entries)
            }
        }
        var images: [String: JSONValue] = [:]
        for key in ["logo", "squareLogo", "coverImage"] {
            images[key] = brand[key].map { decodeMediaImage($0, at: brand.path(key)) } ?? .null
        }
        return [
            "colors": .object(colors),
            "coverImage": images["coverImage"] ?? .null,
            "logo": images["logo"] ?? .null,
            "squareLogo": images["squareLogo"] ?? .null,
            "shortDescription": reader.string(brand, "shortDescription").map(JSONValue.string) ?? .null,
            "slogan": reader.string(brand, "slogan").map(JSONValue.string) ?? .null,
        ]
    }

    static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }

    // MARK: - Currencies and versions

    mutating func decodeCurrencies(_ top: CatalogObject, shopCurrency: String) -> [PresentmentCurrency] {
        var result: [PresentmentCurrency] = []
        var countries: [String: (path: CatalogPath, location: SourceLocation)] = [:]
        for (index, item) in reader.list(top, "presentmentCurrencies").enumerated() {
            let itemPath = top.path("presentmentCurrencies").appending(index)
            guard let object = reader.object(item, CatalogSpecs.presentmentCurrency, at: itemPath) else { continue }
            let code = reader.enumValue(object, "currencyCode", type: "CurrencyCode")
            if let code, code == shopCurrency || result.contains(where: { $0.currencyCode == code }) {
                reader.error("\(object.path("currencyCode")) \(code == shopCurrency ? "is the shop currency" : "is listed twice"): \(code)",
                             at: object.location("currencyCode"), code: "currency")
            }
            let rate = reader.decimal(object, "rate")
            let items = reader.enumItems(object, "countries", type: "CountryCode")
            for item in items {
                if let first = countries[item.value] {
                    reader.error("country \(item.value) appears twice in presentmentCurrencies", at: item.location, code: "duplicate",
                                 notes: [Diagnostic.Note("first listed at \(first.path)", at: first.location)])
                }
                countries[item.value] = (item.path, item.location)
            }
            let list = items.map(\.value)
            if let code, let rate { result.append(PresentmentCurrency(currencyCode: code, rate: rate, countries: list)) }
        }
        return result
    }

    struct APIVersion {
        var handle: String
        var json: JSONValue
    }

    mutating func decodeAPIVersions(_ top: CatalogObject) -> [APIVersion] {
        guard top["apiVersions"] != nil else {
            return [APIVersion(handle: "2026-04", json: ["displayName": "2026-04 (Latest)", "handle": "2026-04", "supported": true])]
        }
        var result: [APIVersion] = []
        var firstHandles: [String: SourceLocation] = [:]
        for (index, item) in reader.list(top, "apiVersions").enumerated() {
            guard let object = reader.object(item, CatalogSpecs.apiVersion, at: top.path("apiVersions").appending(index)),
                  let handle = reader.string(object, "handle") else { continue }
            if !Self.isVersionHandle(handle) {
                reader.error("\(object.path("handle")) must be YYYY-MM or unstable, found \"\(handle)\"", at: object.location("handle"), code: "version")
                continue
            }
            if let first = firstHandles[handle] {
                reader.error("API version \(handle) is listed twice", at: object.location("handle"), code: "duplicate",
                             notes: [Diagnostic.Note("first listed here", at: first)])
            } else {
                firstHandles[handle] = object.location("handle")
            }
            let display = reader.string(object, "displayName") ?? handle
            let supported = reader.bool(object, "supported") ?? true
            result.append(APIVersion(handle: handle, json: ["displayName": .string(display), "handle": .string(handle), "supported": .bool(supported)]))
        }
        if !result.contains(where: { $0.handle == "2026-04" }) {
            reader.error("apiVersions must list 2026-04, the version whose schema the shop serves", at: top.location("apiVersions"), code: "version")
        }
        return result
    }

    static func isVersionHandle(_ text: String) -> Bool {
        if text == "unstable" { return true }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let month = Int(parts[1]), Int(parts[0]) != nil else { return false }
        return (1...12).contains(month)
    }
}
