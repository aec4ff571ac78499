import BuyflowCore

/// A product option (`Size`) with its values.
final class ProductOptionNode: Sendable {
    let id: String
    let name: String
    let productIndex: Int
    let values: [ProductOptionValueNode]

    init(id: String, name: String, productIndex: Int, values: [ProductOptionValueNode]) {
        self.id = id
        self.name = name
        self.productIndex = productIndex
        self.values = values
    }
}

/// One value of a product option (`9`), with the variant that combines it with the first
/// value of every other option.
final class ProductOptionValueNode: Sendable {
    let id: String
    let name: String
    let optionName: String
    let productIndex: Int
    /// The index, among the product's variants, of `firstSelectableVariant`.
    let firstSelectableVariant: Int?
    /// `ProductOptionValueSwatch` object (`color`, `image`), or null.
    let swatch: JSONValue

    init(id: String, name: String, optionName: String, productIndex: Int, firstSelectableVariant: Int?, swatch: JSONValue = .null) {
        self.id = id
        self.name = name
        self.optionName = optionName
        self.productIndex = productIndex
        self.firstSelectableVariant = firstSelectableVariant
        self.swatch = swatch
    }
}
