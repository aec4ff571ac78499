import BuyflowCore

/// A product variant of the catalog: what a cart line holds.
final class VariantNode: Sendable {
    let id: String
    let number: Int
    /// The index of its product in `ShopCatalog.products`.
    let productIndex: Int
    /// Its position among the product's variants (0-based).
    let position: Int
    let title: String
    let priceCents: Int
    let compareAtPriceCents: Int?
    let sku: String?
    let barcode: String?
    /// Stock; nil when not tracked (no limit).
    let quantityAvailable: Int?
    let availableForSale: Bool
    let currentlyNotInStock: Bool
    let selectedOptions: [(name: String, value: String)]
    let selectedOptionsJSON: JSONValue
    /// An `Image` object, or null.
    let image: JSONValue
    let weight: Double?
    let weightUnit: String
    let requiresShipping: Bool
    let taxable: Bool

    init(
        id: String, number: Int, productIndex: Int, position: Int, title: String, priceCents: Int,
        compareAtPriceCents: Int?, sku: String?, barcode: String?, quantityAvailable: Int?, availableForSale: Bool,
        selectedOptions: [(name: String, value: String)], image: JSONValue, weight: Double?, weightUnit: String,
        requiresShipping: Bool, taxable: Bool
    ) {
        self.id = id
        self.number = number
        self.productIndex = productIndex
        self.position = position
        self.title = title
        self.priceCents = priceCents
        self.compareAtPriceCents = compareAtPriceCents
        self.sku = sku
        self.barcode = barcode
        self.quantityAvailable = quantityAvailable
        self.availableForSale = availableForSale
        self.currentlyNotInStock = availableForSale && (quantityAvailable ?? 1) <= 0
        self.selectedOptions = selectedOptions
        self.selectedOptionsJSON = .array(selectedOptions.map { ["name": .string($0.name), "value": .string($0.value)] })
        self.image = image
        self.weight = weight
        self.weightUnit = weightUnit
        self.requiresShipping = requiresShipping
        self.taxable = taxable
    }

    /// The most a cart may hold of it: its stock when tracked and it is for sale without
    /// back-ordering; nil for no limit.
    var stockLimit: Int? {
        guard availableForSale, !currentlyNotInStock else { return nil }
        return quantityAvailable
    }

    func value(ofOption name: String, caseInsensitive: Bool = false) -> String? {
        for option in selectedOptions where caseInsensitive ? option.name.lowercased() == name.lowercased() : option.name == name {
            return option.value
        }
        return nil
    }
}
