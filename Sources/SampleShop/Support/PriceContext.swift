import BuyflowCore
import GraphQLKit

/// The currency amounts are shown in, and the fixed rate from the shop currency: each unit
/// amount is converted and rounded to cents (half up) before quantities and sums.
struct PriceContext: Sendable {
    let currencyCode: String
    /// Units of `currencyCode` per unit of the shop currency; nil for the shop currency.
    let rate: DecimalNumber?

    /// A shop-currency unit amount in this currency.
    func convert(_ cents: Int) -> Int {
        guard let rate else { return cents }
        return rate.times(cents)
    }

    /// A `MoneyV2` of an amount already in this currency.
    func money(converted cents: Int) -> JSONValue {
        Money.json(cents, currencyCode)
    }

    /// A `MoneyV2` of a shop-currency unit amount.
    func money(_ shopCents: Int) -> JSONValue {
        Money.json(convert(shopCents), currencyCode)
    }

    func money(_ shopCents: Int?) -> ResolvedValue {
        shopCents.map { .json(money($0)) } ?? .null
    }
}
