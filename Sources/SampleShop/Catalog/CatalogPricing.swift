import BuyflowCore

/// A discount code a cart can apply.
struct DiscountCodeEntry: Sendable {
    enum Value: Sendable {
        /// Percent off the subtotal.
        case percentage(DecimalNumber)
        /// An amount off the subtotal, in shop-currency cents.
        case fixedAmount(Int)
    }

    let code: String
    let title: String
    let value: Value
}

/// A delivery option offered in every delivery group.
struct DeliveryOptionEntry: Sendable {
    let handle: String
    let title: String
    let code: String?
    let description: String?
    let deliveryMethodType: String
    let priceCents: Int
}

/// A currency other than the shop's, the rate from the shop currency and the countries
/// pricing in it.
struct PresentmentCurrency: Sendable {
    let currencyCode: String
    let rate: DecimalNumber
    let countries: [String]
}
