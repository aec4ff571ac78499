import BuyflowCore

/// Products, their options and variants.
extension CatalogLoader {
    typealias OptionDefinition = (id: String, name: String, values: [(id: String, name: String, swatch: JSONValue)])

    mutating func decodeProduct(_ value: LocatedValue, index: Int, at path: CatalogPath, shop: ShopInfo, collections: [Int]) -> ProductNode? {
        guard let product = reader.object(value, CatalogSpecs.product, at: path) else { return nil }
        let id = reader.globalID(product, "id", type: "Product")
        let handle = reader.string(product, "handle")
        if let handle, !Self.isHandle(handle) {
            reader.error("\(product.path("handle")) must be lowercase words joined by '-', found \"\(handle)\"",
                         at: product.location("handle"), code: "handle")
        }
        let text = decodeText(product)
        let vendor = reader.string(product, "vendor") ?? shop.name
        let productType = reader.string(product, "productType") ?? ""
        let tags = reader.strings(product, "tags")
        let createdAt = reader.timestamp(product, "createdAt") ?? Self.defaultTimestamp
        let updatedAt = reader.timestamp(product, "updatedAt") ?? createdAt
        let publishedAt = reader.timestamp(product, "publishedAt") ?? createdAt
        let seo = decodeSEO(product)

        var images: [JSONValue] = []
        var imageByID: [String: JSONValue] = [:]
        for (position, item) in reader.list(product, "images").enumerated() {
            if let image = decodeImage(item, CatalogSpecs.productImage, type: "ProductImage", at: product.path("images").appending(position)) {
                images.append(image.json)
                imageByID[image.id] = image.json
            }
        }
        let optionDefinitions = decodeOptions(product)

        var variants: [VariantNode] = []
        let variantItems = reader.list(product, "variants")
        if product["variants"]?.list?.isEmpty == true {
            reader.error("\(product.path("variants")) must list at least one variant", at: product.location("variants"), code: "variants")
        }
        var selections: [String: (path: CatalogPath, location: SourceLocation)] = [:]
        for (position, item) in variantItems.enumerated() {
            guard let variant = reader.object(item, CatalogSpecs.variant, at: product.path("variants").appending(position)),
                  let node = decodeVariant(
                    variant, productIndex: index, position: variants.count, images: imageByID, options: optionDefinitions
                  ) else { continue }
            let key = node.selectedOptions.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            if !optionDefinitions.isEmpty, let first = selections[key] {
                reader.error("two variants of \(path) select the same options (\(key))", at: variant.location("selectedOptions"), code: "duplicate",
                             notes: [Diagnostic.Note("the other one is \(first.path)", at: first.location)])
            }
            selections[key] = (variant.path, variant.location)
            variants.append(node)
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
                        firstSelectableVariant: exact ?? any, swatch: value.swatch
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

    mutating func decodeOptions(_ product: CatalogObject) -> [OptionDefinition] {
        var definitions: [OptionDefinition] = []
        for (position, item) in reader.list(product, "options").enumerated() {
            guard let option = reader.object(item, CatalogSpecs.option, at: product.path("options").appending(position)) else { continue }
            let optionID = reader.globalID(option, "id", type: "ProductOption")
            let name = reader.string(option, "name")
            var values: [(id: String, name: String, swatch: JSONValue)] = []
            for (valueIndex, valueItem) in reader.list(option, "values").enumerated() {
                guard let entry = reader.object(valueItem, CatalogSpecs.optionValue, at: option.path("values").appending(valueIndex)) else { continue }
                let valueID = reader.globalID(entry, "id", type: "ProductOptionValue")
                let valueName = reader.string(entry, "name")
                let swatch = decodeSwatch(entry)
                if let valueID, let valueName { values.append((valueID.id, valueName, swatch)) }
            }
            if let optionID, let name {
                if definitions.contains(where: { $0.name == name }) {
                    reader.error("option '\(name)' is defined twice in \(product.path)", at: option.location("name"), code: "duplicate")
                }
                definitions.append((optionID.id, name, values))
            }
        }
        return definitions
    }

    mutating func decodeVariant(
        _ variant: CatalogObject, productIndex: Int, position: Int, images: [String: JSONValue], options: [OptionDefinition]
    ) -> VariantNode? {
        let id = reader.globalID(variant, "id", type: "ProductVariant")
        let title = reader.string(variant, "title")
        let price = reader.money(variant, "price")
        let compareAt = reader.money(variant, "compareAtPrice")
        let quantity = reader.int(variant, "quantityAvailable", minimum: 0)
        let available = reader.bool(variant, "availableForSale") ?? ((quantity ?? 1) > 0)
        let selected = decodeSelectedOptions(variant, options: options)
        var image = JSONValue.null
        if let imageID = reader.string(variant, "image") {
            if let found = images[imageID] {
                image = found
            } else {
                reader.error("\(variant.path("image")) names no image of the product: '\(imageID)'", at: variant.location("image"), code: "image",
                             suggestion: Suggestions.closest(to: imageID, among: images.keys.sorted()))
            }
        }
        let weight = reader.double(variant, "weight")
        let weightUnit = reader.enumValue(variant, "weightUnit", type: "WeightUnit") ?? "KILOGRAMS"
        let sku = reader.string(variant, "sku")
        let barcode = reader.string(variant, "barcode")
        let requiresShipping = reader.bool(variant, "requiresShipping") ?? true
        let taxable = reader.bool(variant, "taxable") ?? true
        guard let id, let title, let price else { return nil }
        return VariantNode(
            id: id.id, number: id.number, productIndex: productIndex, position: position, title: title, priceCents: price,
            compareAtPriceCents: compareAt, sku: sku, barcode: barcode, quantityAvailable: quantity, availableForSale: available,
            selectedOptions: selected, image: image, weight: weight, weightUnit: weightUnit, requiresShipping: requiresShipping,
            taxable: taxable
        )
    }

    /// A variant's `selectedOptions`: one value of each of the product's options.
    mutating func decodeSelectedOptions(_ variant: CatalogObject, options: [OptionDefinition]) -> [(name: String, value: String)] {
        var selected: [(name: String, value: String)] = []
        for (index, item) in reader.list(variant, "selectedOptions").enumerated() {
            guard let pair = reader.object(item, CatalogSpecs.selectedOption, at: variant.path("selectedOptions").appending(index)),
                  let name = reader.string(pair, "name"), let optionValue = reader.string(pair, "value") else { continue }
            guard let option = options.first(where: { $0.name == name }) else {
                reader.error("\(pair.path("name")) names no option of the product: '\(name)'", at: pair.location("name"), code: "option",
                             suggestion: Suggestions.closest(to: name, among: options.map(\.name)))
                continue
            }
            if !option.values.contains(where: { $0.name == optionValue }) {
                reader.error("\(pair.path("value")) is not a value of option '\(name)': '\(optionValue)'", at: pair.location("value"), code: "option",
                             suggestion: Suggestions.closest(to: optionValue, among: option.values.map(\.name)))
                continue
            }
            if selected.contains(where: { $0.name == name }) {
                reader.error("\(variant.path("selectedOptions")) selects option '\(name)' twice", at: pair.location, code: "option")
                continue
            }
            selected.append((name, optionValue))
        }
        if !options.isEmpty, variant.has("selectedOptions") || selected.count != options.count {
            for option in options where !selected.contains(where: { $0.name == option.name }) {
                reader.error("\(variant.path("selectedOptions")) must select a value of option '\(option.name)'",
                             at: variant.location(variant.has("selectedOptions") ? "selectedOptions" : "id"), code: "option")
            }
        }
        return selected
    }
}
