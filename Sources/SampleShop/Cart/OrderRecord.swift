import BuyflowCore

/// The order a successful checkout completion made (`Order`, found by `node(id:)`): a
/// snapshot of the cart as it was submitted. Its totals are the cart's: `subtotalPrice`
/// is the cart's `subtotalAmount`, `totalPrice` its `totalAmount` (after discounts,
/// delivery and gift cards), `totalShippingPrice` the selected delivery option, no tax.
final class OrderRecord: Sendable {
    /// One `OrderLineItem`: a cart line, with its share of the cart's discounts.
    final class LineItem: Sendable {
        let json: JSONObject
        let variant: VariantNode
        let cursor: String

        init(json: JSONObject, variant: VariantNode, cursor: String) {
            self.json = json
            self.variant = variant
            self.cursor = cursor
        }
    }

    let number: Int
    /// The scalar and JSON fields of the `Order`.
    let json: JSONObject
    let lineItems: [LineItem]

    var id: String { Self.id(number) }

    static func id(_ number: Int) -> String { "gid://shopify/Order/\(number)" }

    init(cart: CartView, number: Int, processedAt: String, statusURL: String) {
        self.number = number
        let prices = cart.prices
        var json = JSONObject()
        json["__typename"] = "Order"
        json["currencyCode"] = .string(prices.currencyCode)
        json["currentSubtotalPrice"] = prices.money(converted: cart.subtotal)
        json["currentTotalPrice"] = prices.money(converted: cart.total)
        json["currentTotalTax"] = prices.money(converted: 0)
        json["customAttributes"] = cart.attributesJSON
        json["email"] = cart.state.buyerIdentity.email.map(JSONValue.string) ?? .null
        json["financialStatus"] = "PAID"
        json["fulfillmentStatus"] = "UNFULFILLED"
        json["id"] = .string(Self.id(number))
        json["name"] = .string("#\(number)")
        json["orderNumber"] = .int(number)
        json["phone"] = cart.state.buyerIdentity.phone.map(JSONValue.string) ?? .null
        json["processedAt"] = .string(processedAt)
        json["shippingAddress"] = cart.hasDeliveryGroup ? cart.deliveryGroupAddress : .null
        json["statusUrl"] = .string(statusURL)
        json["subtotalPrice"] = prices.money(converted: cart.subtotal)
        json["totalPrice"] = prices.money(converted: cart.total)
        json["totalShippingPrice"] = prices.money(converted: cart.deliveryCost)
        json["totalTax"] = prices.money(converted: 0)
        self.json = json

        let discounts = cart.lineDiscounts
        lineItems = cart.lines.enumerated().map { index, line in
            let product = cart.catalog.product(of: line.variant)
            let title = line.variant.title == "Default Title" ? product.text.title : "\(product.text.title) - \(line.variant.title)"
            var item = JSONObject()
            item["__typename"] = "OrderLineItem"
            item["currentQuantity"] = .int(line.line.quantity)
            item["customAttributes"] = line.attributesJSON
            item["discountedTotalPrice"] = prices.money(converted: line.subtotal - discounts[index])
            item["originalTotalPrice"] = prices.money(converted: line.subtotal)
            item["quantity"] = .int(line.line.quantity)
            item["title"] = .string(title)
            return LineItem(json: item, variant: line.variant, cursor: "\(number)-\(index + 1)")
        }
    }
}
