import BuyflowCore

/// Gift cards, customers and bundles.
extension CatalogLoader {
    /// A gift card code as matched: without spaces or dashes, uppercased.
    static func giftCardKey(_ code: String) -> String {
        String(code.unicodeScalars.filter { $0 != " " && $0 != "-" }).uppercased()
    }

    mutating func decodeGiftCards(_ top: CatalogObject, shopCurrency: String) -> [GiftCardEntry] {
        var result: [GiftCardEntry] = []
        var firstCodes: [String: SourceLocation] = [:]
        for (index, item) in reader.list(top, "giftCards").enumerated() {
            guard let object = reader.object(item, CatalogSpecs.giftCard, at: top.path("giftCards").appending(index)) else { continue }
            let code = reader.string(object, "code")
            if let code {
                let key = Self.giftCardKey(code)
                if let first = firstCodes[key] {
                    reader.error("gift card code \(code) is listed twice (codes match case-insensitively)", at: object.location("code"),
                                 code: "duplicate", notes: [Diagnostic.Note("first listed here", at: first)])
                } else {
                    firstCodes[key] = object.location("code")
                }
            }
            if let currency = reader.enumValue(object, "currencyCode", type: "CurrencyCode"), !shopCurrency.isEmpty, currency != shopCurrency {
                reader.error("\(object.path("currencyCode")) must be the shop currency \(shopCurrency), found \"\(currency)\"",
                             at: object.location("currencyCode"), code: "currency",
                             hint: "gift cards hold the shop currency; a cart in another currency converts the balance at the presentment rate")
            }
            let balance = reader.money(object, "balance")
            if let code, let balance { result.append(GiftCardEntry(code: code, balanceCents: balance)) }
        }
        return result
    }

    mutating func decodeCustomers(_ top: CatalogObject) -> [CustomerEntry] {
        var result: [CustomerEntry] = []
        var firstTokens: [String: SourceLocation] = [:]
        for (index, item) in reader.list(top, "customers").enumerated() {
            guard let object = reader.object(item, CatalogSpecs.customer, at: top.path("customers").appending(index)) else { continue }
            let token = reader.string(object, "accessToken")
            if let token {
                if token.isEmpty {
                    reader.error("\(object.path("accessToken")) must not be empty", at: object.location("accessToken"), code: "token")
                } else if let first = firstTokens[token] {
                    reader.error("customer access token '\(token)' is used twice", at: object.location("accessToken"), code: "duplicate",
                                 notes: [Diagnostic.Note("first used here", at: first)])
                } else {
                    firstTokens[token] = object.location("accessToken")
                }
            }
            let id = reader.globalID(object, "id", type: "Customer")
            let email = reader.string(object, "email")
            if let email, !CartEditor.isEmail(email) {
                reader.error("\(object.path("email")) must be an email address, found \"\(email)\"", at: object.location("email"), code: "email")
            }
            let phone = reader.string(object, "phone")
            if let phone, !CartEditor.isPhone(phone) {
                reader.error("\(object.path("phone")) must be a phone number in E.164 form such as +16135551111, found \"\(phone)\"",
                             at: object.location("phone"), code: "phone")
            }
            let firstName = reader.string(object, "firstName")
            let lastName = reader.string(object, "lastName")
            let createdAt = reader.timestamp(object, "createdAt") ?? Self.defaultTimestamp
            let updatedAt = reader.timestamp(object, "updatedAt") ?? createdAt
            let tags = reader.strings(object, "tags")
            let orders = reader.int(object, "numberOfOrders", minimum: 0) ?? 0
            let accepts = reader.bool(object, "acceptsMarketing") ?? false
            guard let token, let id else { continue }
            let name = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            var json = JSONObject()
            json["__typename"] = "Customer"
            json["acceptsMarketing"] = .bool(accepts)
            json["createdAt"] = .string(createdAt)
            json["displayName"] = .string(name.isEmpty ? (email ?? phone ?? "") : name)
            json["email"] = email.map(JSONValue.string) ?? .null
            json["firstName"] = firstName.map(JSONValue.string) ?? .null
            json["id"] = .string(id.id)
            json["lastName"] = lastName.map(JSONValue.string) ?? .null
            json["numberOfOrders"] = .string(String(orders))
            json["phone"] = phone.map(JSONValue.string) ?? .null
            json["tags"] = .array(tags.map(JSONValue.string))
            json["updatedAt"] = .string(updatedAt)
            result.append(CustomerEntry(accessToken: token, id: id.id, email: email, phone: phone, json: .object(json)))
        }
        return result
    }

    /// Bundles name variants by ID: read after the products.
    mutating func decodeBundles(_ top: CatalogObject, products: [ProductNode]) -> [BundleEntry] {
        let variantIDs = Set(products.flatMap { $0.variants.map(\.id) })
        let bundleIDs = Set(reader.list(top, "bundles").compactMap { $0["variant"]?.string })
        var result: [BundleEntry] = []
        var firstVariants: [String: SourceLocation] = [:]
        func knownVariant(_ object: CatalogObject, _ key: String) -> String? {
            guard let id = reader.string(object, key) else { return nil }
            guard variantIDs.contains(id) else {
                reader.error("\(object.path(key)) names no variant: '\(id)'", at: object.location(key), code: "unknown-variant",
                             suggestion: Suggestions.closest(to: id, among: variantIDs.sorted()))
                return nil
            }
            return id
        }
        for (index, item) in reader.list(top, "bundles").enumerated() {
            guard let object = reader.object(item, CatalogSpecs.bundle, at: top.path("bundles").appending(index)) else { continue }
            let variant = knownVariant(object, "variant")
            if let variant {
                if let first = firstVariants[variant] {
                    reader.error("variant \(variant) is a bundle twice", at: object.location("variant"), code: "duplicate",
                                 notes: [Diagnostic.Note("first listed here", at: first)])
                } else {
                    firstVariants[variant] = object.location("variant")
                }
            }
            var components: [BundleEntry.Component] = []
            for (position, part) in reader.list(object, "components").enumerated() {
                guard let component = reader.object(part, CatalogSpecs.bundleComponent, at: object.path("components").appending(position)),
                      let id = knownVariant(component, "variant") else { continue }
                if bundleIDs.contains(id) {
                    reader.error("\(component.path("variant")) is a bundle itself: '\(id)'", at: component.location("variant"), code: "bundle",
                                 hint: "a bundle's components are plain variants; bundles do not nest")
                    continue
                }
                if components.contains(where: { $0.variantID == id }) {
                    reader.error("\(object.path("components")) lists '\(id)' twice", at: component.location("variant"), code: "duplicate",
                                 hint: "give the component a quantity instead")
                    continue
                }
                components.append(BundleEntry.Component(variantID: id, quantity: reader.int(component, "quantity", minimum: 1) ?? 1))
            }
            if let variant, !components.isEmpty { result.append(BundleEntry(variantID: variant, components: components)) }
        }
        return result
    }
}
