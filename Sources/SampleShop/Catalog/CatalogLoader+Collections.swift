import BuyflowCore

/// Collections, and the parts products and collections share: text with translations,
/// SEO and images.
extension CatalogLoader {
    mutating func decodeCollection(_ collection: CatalogObject, index: Int, shop: ShopInfo, products: [Int]) -> CollectionNode? {
        let id = reader.globalID(collection, "id", type: "Collection")
        let handle = reader.string(collection, "handle")
        if let handle, !Self.isHandle(handle) {
            reader.error("\(collection.path("handle")) must be lowercase words joined by '-', found \"\(handle)\"",
                         at: collection.location("handle"), code: "handle")
        }
        let text = decodeText(collection)
        var image = JSONValue.null
        if let item = collection["image"] {
            image = decodeImage(item, CatalogSpecs.collectionImage, type: "CollectionImage", at: collection.path("image"))?.json ?? .null
        }
        let updatedAt = reader.timestamp(collection, "updatedAt") ?? Self.defaultTimestamp
        let seo = decodeSEO(collection)
        guard let id, let handle, let text else { return nil }
        return CollectionNode(
            index: index, id: id.id, number: id.number, handle: handle, text: text, image: image, updatedAt: updatedAt, seo: seo,
            productIndices: products, onlineStoreUrl: shop.url + "/collections/" + handle
        )
    }

    // MARK: - Shared parts

    /// `title`, `description`, `descriptionHtml` and `translations` (keyed by `LanguageCode`).
    mutating func decodeText(_ object: CatalogObject) -> LocalizedText? {
        let title = reader.string(object, "title")
        let description = reader.string(object, "description")
        let html = reader.string(object, "descriptionHtml")
        var translations: [String: LocalizedText.Translation] = [:]
        if let byLanguage = reader.object(object, "translations", CatalogSpecs.translations) {
            for member in byLanguage.fields.members where !member.key.hasPrefix("$") {
                let entryPath = byLanguage.path(member.key)
                guard reader.checkEnum(member.key, type: "LanguageCode", at: entryPath, member.keyLocation) != nil,
                      let fields = reader.object(member.value, CatalogSpecs.translation, at: entryPath) else { continue }
                translations[member.key] = LocalizedText.Translation(
                    title: reader.string(fields, "title"),
                    description: reader.string(fields, "description"),
                    descriptionHtml: reader.string(fields, "descriptionHtml")
                )
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

    mutating func decodeSEO(_ owner: CatalogObject) -> JSONValue {
        guard let seo = reader.object(owner, "seo", CatalogSpecs.seo) else { return ["description": nil, "title": nil] }
        return [
            "description": reader.string(seo, "description").map(JSONValue.string) ?? .null,
            "title": reader.string(seo, "title").map(JSONValue.string) ?? .null,
        ]
    }

    mutating func decodeImage(_ value: LocatedValue, _ spec: ObjectSpec, type: String, at path: CatalogPath) -> (id: String, json: JSONValue)? {
        guard let image = reader.object(value, spec, at: path) else { return nil }
        let id = reader.globalID(image, "id", type: type)
        let url = reader.string(image, "url")
        if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            reader.error("\(image.path("url")) must be an absolute URL, found \"\(url)\"", at: image.location("url"), code: "url")
        }
        let alt = reader.string(image, "altText")
        let width = reader.int(image, "width", minimum: 1)
        let height = reader.int(image, "height", minimum: 1)
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
}
