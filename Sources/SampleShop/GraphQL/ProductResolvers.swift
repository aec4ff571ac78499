import BuyflowCore
import GraphQLKit

/// `Product`, `ProductVariant`, `ProductOption`, `ProductOptionValue` and `Image`.
extension ResolverTable {
    mutating func registerProducts() {
        let product = "Product"
        on(product, "id", ProductNode.self) { p, _, _ in .json(.string(p.id)) }
        on(product, "handle", ProductNode.self) { p, _, _ in .json(.string(p.handle)) }
        on(product, "title", ProductNode.self) { p, _, context in .json(.string(p.text.title(context.language))) }
        on(product, "description", ProductNode.self) { p, call, context in
            .json(.string(LocalizedText.truncate(p.text.description(context.language), at: call.int("truncateAt"))))
        }
        on(product, "descriptionHtml", ProductNode.self) { p, _, context in .json(.string(p.text.descriptionHtml(context.language))) }
        on(product, "vendor", ProductNode.self) { p, _, _ in .json(.string(p.vendor)) }
        on(product, "productType", ProductNode.self) { p, _, _ in .json(.string(p.productType)) }
        on(product, "tags", ProductNode.self) { p, _, _ in .json(.array(p.tags.map(JSONValue.string))) }
        on(product, "createdAt", ProductNode.self) { p, _, _ in .json(.string(p.createdAt)) }
        on(product, "updatedAt", ProductNode.self) { p, _, _ in .json(.string(p.updatedAt)) }
        on(product, "publishedAt", ProductNode.self) { p, _, _ in .json(.string(p.publishedAt)) }
        on(product, "seo", ProductNode.self) { p, _, _ in .json(p.seo) }
        on(product, "availableForSale", ProductNode.self) { p, _, _ in .json(.bool(p.availableForSale)) }
        on(product, "totalInventory", ProductNode.self) { p, _, _ in .int(p.totalInventory) }
        on(product, "encodedVariantExistence", ProductNode.self) { p, _, _ in .json(.string(p.encodedVariantExistence)) }
        on(product, "encodedVariantAvailability", ProductNode.self) { p, _, _ in .json(.string(p.encodedVariantAvailability)) }
        on(product, "isGiftCard", ProductNode.self) { _, _, _ in .json(.bool(false)) }
        on(product, "requiresSellingPlan", ProductNode.self) { _, _, _ in .json(.bool(false)) }
        onTracking(product)
        on(product, "onlineStoreUrl", ProductNode.self) { p, _, _ in .json(.string(p.onlineStoreUrl)) }
        on(product, "featuredImage", ProductNode.self) { p, _, _ in .json(p.featuredImage) }
        on(product, "variantsCount", ProductNode.self) { p, _, _ in .json(["count": .int(p.variants.count), "precision": "EXACT"]) }
        on(product, "priceRange", ProductNode.self) { p, _, context in
            .json(["maxVariantPrice": context.prices.money(p.maxPriceCents), "minVariantPrice": context.prices.money(p.minPriceCents)])
        }
        on(product, "compareAtPriceRange", ProductNode.self) { p, _, context in
            .json(["maxVariantPrice": context.prices.money(p.maxCompareAtCents), "minVariantPrice": context.prices.money(p.minCompareAtCents)])
        }
        on(product, "options", ProductNode.self) { p, call, _ in
            let options = call.int("first").map { Array(p.options.prefix(max(0, $0))) } ?? p.options
            return .list(options.map(ResolvedValue.option))
        }
        on(product, "images", ProductNode.self) { p, call, _ in
            let images = call.string("sortKey") == "ID"
                ? p.images.sorted { (GlobalID($0["id"]?.stringValue ?? "")?.value).flatMap { Int($0) } ?? 0 < (GlobalID($1["id"]?.stringValue ?? "")?.value).flatMap { Int($0) } ?? 0 }
                : p.images
            return try Pagination.connection(images, call, key: { $0["id"]?.stringValue ?? "" }, node: { .json($0) })
        }
        on(product, "variants", ProductNode.self) { p, call, _ in
            try Pagination.connection(CatalogOrdering.variants(p.variants, sortKey: call.string("sortKey")), call, key: \.id, node: ResolvedValue.variant)
        }
        on(product, "collections", ProductNode.self) { p, call, context in
            let collections = p.collectionIndices.map { context.catalog.collections[$0] }
            return try Pagination.connection(collections, call, key: \.id, node: ResolvedValue.collection)
        }
        on(product, "variantBySelectedOptions", ProductNode.self) { p, call, _ in
            p.variant(
                selectedOptions: Self.selectedOptions(call), caseInsensitive: call.bool("caseInsensitiveMatch") ?? false,
                ignoreUnknownOptions: call.bool("ignoreUnknownOptions") ?? false
            ).map(ResolvedValue.variant) ?? .null
        }
        on(product, "selectedOrFirstAvailableVariant", ProductNode.self) { p, call, _ in
            Self.selectedOrFirst(p, call).map(ResolvedValue.variant) ?? .null
        }
        on(product, "adjacentVariants", ProductNode.self) { p, call, _ in
            guard let base = Self.selectedOrFirst(p, call) else { return [] }
            let adjacent = p.variants.filter { variant in
                variant !== base && zip(variant.selectedOptions, base.selectedOptions).filter { $0.value != $1.value }.count == 1
            }
            return .list(adjacent.sorted { $0.number < $1.number }.map(ResolvedValue.variant))
        }

        let variant = "ProductVariant"
        on(variant, "id", VariantNode.self) { v, _, _ in .json(.string(v.id)) }
        on(variant, "title", VariantNode.self) { v, _, _ in .json(.string(v.title)) }
        on(variant, "sku", VariantNode.self) { v, _, _ in .string(v.sku) }
        on(variant, "barcode", VariantNode.self) { v, _, _ in .string(v.barcode) }
        on(variant, "availableForSale", VariantNode.self) { v, _, _ in .json(.bool(v.availableForSale)) }
        on(variant, "currentlyNotInStock", VariantNode.self) { v, _, _ in .json(.bool(v.currentlyNotInStock)) }
        on(variant, "quantityAvailable", VariantNode.self) { v, _, _ in .int(v.quantityAvailable) }
        on(variant, "price", VariantNode.self) { v, _, context in .json(context.prices.money(v.priceCents)) }
        on(variant, "priceV2", VariantNode.self) { v, _, context in .json(context.prices.money(v.priceCents)) }
        on(variant, "compareAtPrice", VariantNode.self) { v, _, context in context.prices.money(v.compareAtPriceCents) }
        on(variant, "compareAtPriceV2", VariantNode.self) { v, _, context in context.prices.money(v.compareAtPriceCents) }
        on(variant, "image", VariantNode.self) { v, _, _ in .json(v.image) }
        on(variant, "product", VariantNode.self) { v, _, context in .product(context.catalog.products[v.productIndex]) }
        on(variant, "quantityRule", VariantNode.self) { _, _, _ in .json(["increment": 1, "maximum": nil, "minimum": 1]) }
        on(variant, "requiresComponents", VariantNode.self) { _, _, _ in .json(.bool(false)) }
        on(variant, "requiresShipping", VariantNode.self) { v, _, _ in .json(.bool(v.requiresShipping)) }
        on(variant, "taxable", VariantNode.self) { v, _, _ in .json(.bool(v.taxable)) }
        on(variant, "selectedOptions", VariantNode.self) { v, _, _ in .json(v.selectedOptionsJSON) }
        on(variant, "unitPrice", VariantNode.self) { _, _, _ in .null }
        on(variant, "unitPriceMeasurement", VariantNode.self) { _, _, _ in .null }
        on(variant, "weight", VariantNode.self) { v, _, _ in .double(v.weight) }
        on(variant, "weightUnit", VariantNode.self) { v, _, _ in .json(.string(v.weightUnit)) }

        on("ProductOption", "id", ProductOptionNode.self) { o, _, _ in .json(.string(o.id)) }
        on("ProductOption", "name", ProductOptionNode.self) { o, _, _ in .json(.string(o.name)) }
        on("ProductOption", "optionValues", ProductOptionNode.self) { o, _, _ in .list(o.values.map(ResolvedValue.optionValue)) }
        on("ProductOption", "values", ProductOptionNode.self) { o, _, _ in .json(.array(o.values.map { .string($0.name) })) }
        on("ProductOptionValue", "id", ProductOptionValueNode.self) { v, _, _ in .json(.string(v.id)) }
        on("ProductOptionValue", "name", ProductOptionValueNode.self) { v, _, _ in .json(.string(v.name)) }
        on("ProductOptionValue", "swatch", ProductOptionValueNode.self) { v, _, _ in .json(v.swatch) }
        on("ProductOptionValue", "firstSelectableVariant", ProductOptionValueNode.self) { v, _, context in
            v.firstSelectableVariant.map { .variant(context.catalog.products[v.productIndex].variants[$0]) } ?? .null
        }

        onJSON("Image", "url") { image, call, _ in .json(.string(Self.transformed(image, call[argument: "transform"]))) }
        onJSON("Image", "transformedSrc") { image, call, _ in
            var transform = JSONObject()
            for name in ["crop", "maxHeight", "maxWidth", "preferredContentType", "scale"] { transform[name] = call[argument: name] }
            return .json(.string(Self.transformed(image, .object(transform))))
        }
    }

    static func selectedOptions(_ call: FieldCall) -> [(name: String, value: String)] {
        guard case .array(let items)? = call[argument: "selectedOptions"] else { return [] }
        return items.compactMap { item in
            guard let name = item["name"]?.stringValue, let value = item["value"]?.stringValue else { return nil }
            return (name, value)
        }
    }

    static func selectedOrFirst(_ product: ProductNode, _ call: FieldCall) -> VariantNode? {
        let options = selectedOptions(call)
        if !options.isEmpty, let match = product.variant(
            selectedOptions: options, caseInsensitive: call.bool("caseInsensitiveMatch") ?? false,
            ignoreUnknownOptions: call.bool("ignoreUnknownOptions") ?? true
        ) {
            return match
        }
        return product.firstAvailableVariant
    }

    /// The image URL with Shopify-style transformation parameters.
    static func transformed(_ image: JSONObject, _ transform: JSONValue?) -> String {
        let url = image["url"]?.stringValue ?? ""
        guard case .object(let options)? = transform else { return url }
        let scale = max(1, options["scale"]?.intValue ?? 1)
        var parameters: [String] = []
        if let width = options["maxWidth"]?.intValue { parameters.append("width=\(width * scale)") }
        if let height = options["maxHeight"]?.intValue { parameters.append("height=\(height * scale)") }
        if let crop = options["crop"]?.stringValue { parameters.append("crop=\(crop.lowercased())") }
        if let format = options["preferredContentType"]?.stringValue { parameters.append("format=\(format.lowercased())") }
        guard !parameters.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + parameters.joined(separator: "&")
    }
}
