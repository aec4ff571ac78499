import BuyflowCore

/// A product of the catalog, with what is derived from its variants.
final class ProductNode: Sendable {
    let index: Int
    let id: String
    let number: Int
    let handle: String
    let text: LocalizedText
    let vendor: String
    let productType: String
    let tags: [String]
    let createdAt: String
    let updatedAt: String
    let publishedAt: String
    /// `SEO` object.
    let seo: JSONValue
    /// `Image` objects, in order.
    let images: [JSONValue]
    let options: [ProductOptionNode]
    let variants: [VariantNode]
    /// Indices into `ShopCatalog.collections` of the collections holding it.
    let collectionIndices: [Int]
    let onlineStoreUrl: String

    // Derived.
    let availableForSale: Bool
    let totalInventory: Int?
    let minPriceCents: Int
    let maxPriceCents: Int
    let minCompareAtCents: Int
    let maxCompareAtCents: Int
    /// `encodedVariantExistence`: the option value combinations of its variants.
    let encodedVariantExistence: String
    /// `encodedVariantAvailability`: those of its variants for sale.
    let encodedVariantAvailability: String

    init(
        index: Int, id: String, number: Int, handle: String, text: LocalizedText, vendor: String, productType: String,
        tags: [String], createdAt: String, updatedAt: String, publishedAt: String, seo: JSONValue, images: [JSONValue],
        options: [ProductOptionNode], variants: [VariantNode], collectionIndices: [Int], onlineStoreUrl: String
    ) {
        self.index = index
        self.id = id
        self.number = number
        self.handle = handle
        self.text = text
        self.vendor = vendor
        self.productType = productType
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.publishedAt = publishedAt
        self.seo = seo
        self.images = images
        self.options = options
        self.variants = variants
        self.collectionIndices = collectionIndices
        self.onlineStoreUrl = onlineStoreUrl
        availableForSale = variants.contains { $0.availableForSale }
        let tracked = variants.compactMap(\.quantityAvailable)
        totalInventory = tracked.isEmpty ? nil : tracked.reduce(0, +)
        let prices = variants.map(\.priceCents)
        minPriceCents = prices.min() ?? 0
        maxPriceCents = prices.max() ?? 0
        let compareAt = variants.map { $0.compareAtPriceCents ?? 0 }
        minCompareAtCents = compareAt.min() ?? 0
        maxCompareAtCents = compareAt.max() ?? 0
        encodedVariantExistence = OptionValueEncoding.encode(Self.combinations(of: variants, options: options))
        encodedVariantAvailability = OptionValueEncoding.encode(
            Self.combinations(of: variants.filter(\.availableForSale), options: options)
        )
    }

    /// Each variant's option value positions (`[1, 0]`: second value of the first option,
    /// first of the second). A product without options has Shopify's implicit "Title"
    /// option with its one value, "Default Title": `[0]`. Variants selecting a value the
    /// options do not list are left out.
    static func combinations(of variants: [VariantNode], options: [ProductOptionNode]) -> [[Int]] {
        guard !options.isEmpty else { return variants.isEmpty ? [] : [[0]] }
        return variants.compactMap { variant in
            var positions: [Int] = []
            for option in options {
                guard let name = variant.value(ofOption: option.name),
                      let position = option.values.firstIndex(where: { $0.name == name }) else { return nil }
                positions.append(position)
            }
            return positions
        }
    }

    var featuredImage: JSONValue { images.first ?? .null }

    /// The first variant for sale, else the first.
    var firstAvailableVariant: VariantNode? {
        variants.first { $0.availableForSale } ?? variants.first
    }

    /// The variant with exactly these option values (spec of `variantBySelectedOptions`):
    /// unknown option names are ignored when `ignoreUnknownOptions`, else they match nothing.
    func variant(
        selectedOptions: [(name: String, value: String)], caseInsensitive: Bool, ignoreUnknownOptions: Bool
    ) -> VariantNode? {
        let known = Set(options.map { caseInsensitive ? $0.name.lowercased() : $0.name })
        var wanted: [(name: String, value: String)] = []
        for option in selectedOptions {
            let name = caseInsensitive ? option.name.lowercased() : option.name
            if !known.contains(name) {
                if ignoreUnknownOptions { continue }
                return nil
            }
            wanted.append(option)
        }
        guard !wanted.isEmpty else { return nil }
        return variants.first { variant in
            wanted.allSatisfy { option in
                guard let value = variant.value(ofOption: option.name, caseInsensitive: caseInsensitive) else { return false }
                return caseInsensitive ? value.lowercased() == option.value.lowercased() : value == option.value
            }
        }
    }
}
