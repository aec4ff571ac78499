import BuyflowCore
import GraphQLKit

/// `Order`, `OrderLineItem` and their connection.
extension ResolverTable {
    static let orderFields = [
        "currencyCode", "currentSubtotalPrice", "currentTotalPrice", "currentTotalTax", "customAttributes", "email",
        "financialStatus", "fulfillmentStatus", "id", "name", "orderNumber", "phone", "processedAt", "shippingAddress",
        "statusUrl", "subtotalPrice", "totalPrice", "totalShippingPrice", "totalTax",
    ]
    static let orderLineItemFields = ["currentQuantity", "customAttributes", "discountedTotalPrice", "originalTotalPrice", "quantity", "title"]

    mutating func registerOrders() {
        for field in Self.orderFields {
            on("Order", field, OrderRecord.self) { o, _, _ in .json(o.json[field] ?? .null) }
        }
        on("Order", "lineItems", OrderRecord.self) { o, call, _ in
            try Pagination.connection(o.lineItems, call, key: \.cursor) { .object($0, typeName: "OrderLineItem") }
        }
        for field in Self.orderLineItemFields {
            on("OrderLineItem", field, OrderRecord.LineItem.self) { item, _, _ in .json(item.json[field] ?? .null) }
        }
        on("OrderLineItem", "variant", OrderRecord.LineItem.self) { item, _, _ in .variant(item.variant) }

        on("OrderLineItemConnection", "edges", ConnectionValue.self) { c, _, _ in .list(c.edges.map { .object($0) }) }
        on("OrderLineItemConnection", "nodes", ConnectionValue.self) { c, _, _ in .list(c.edges.map(\.node)) }
        on("OrderLineItemConnection", "pageInfo", ConnectionValue.self) { c, _, _ in .json(c.pageInfo) }
        on("OrderLineItemEdge", "cursor", EdgeValue.self) { e, _, _ in .json(.string(e.cursor)) }
        on("OrderLineItemEdge", "node", EdgeValue.self) { e, _, _ in e.node }
    }
}

/// `node(id:)` for the cart side's own nodes: orders, applied gift cards, cart metafields
/// and bundle lines.
extension NodeLookup {
    static func cartSideNode(_ global: GlobalID, _ id: String, _ context: RequestContext) -> ResolvedValue {
        switch global.type {
        case "Order":
            return context.engine.completions.order(id: id).map { .object($0, typeName: "Order") } ?? .null
        case "AppliedGiftCard", "Metafield":
            guard let token = global.parameter("cart"), let cart = context.engine.carts.cart(token: token) else { return .null }
            let view = context.view(cart)
            if global.type == "Metafield" {
                return cart.metafields.first { cart.metafieldID($0.number) == id }.map { .json(view.metafieldJSON($0)) } ?? .null
            }
            return view.appliedGiftCards.first { $0["id"]?.stringValue == id }.map { .json($0) } ?? .null
        default:
            return .null
        }
    }
}
