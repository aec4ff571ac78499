import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Orders made by completions")
struct OrderTests {
    static let order = """
        __typename ... on Order { id name orderNumber email phone processedAt currencyCode financialStatus fulfillmentStatus statusUrl
          subtotalPrice { amount currencyCode } currentSubtotalPrice { amount } totalPrice { amount } currentTotalPrice { amount }
          totalShippingPrice { amount } totalTax { amount } currentTotalTax { amount } customAttributes { key value }
          shippingAddress { city countryCodeV2 }
          lineItems(first: 10) { edges { cursor node { title quantity currentQuantity variant { id }
            originalTotalPrice { amount } discountedTotalPrice { amount } customAttributes { key } } } pageInfo { hasNextPage } } }
        """

    @Test("the order of a completion has the cart's lines and totals, and exists once the completion succeeded")
    func orderTotals() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 2), (6, 1)], extra: """
            , discountCodes: ["WELCOME10"], giftCardCodes: ["SAMPLE25GIFTA1B2"], attributes: [{key: "gift", value: "yes"}],
            buyerIdentity: {email: "buyer@example.com", phone: "+15555550100"},
            delivery: {addresses: [{address: {deliveryAddress: {city: "Portland", countryCode: US}}, selected: true}]}
            """)
        let groups = try shop.data("query($c: ID!) { cart(id: $c) { deliveryGroups(first: 1) { nodes { id } } } }", variables: ["c": .string(cart)])
        let group = try #require(groups.string("cart.deliveryGroups.nodes[0].id"))
        let selected = try shop.data("""
            mutation($c: ID!, $g: ID!) { cartSelectedDeliveryOptionsUpdate(cartId: $c, selectedDeliveryOptions: [{deliveryGroupId: $g, deliveryOptionHandle: "standard"}]) {
              cart { cost { subtotalAmount { amount } totalAmount { amount } } appliedGiftCards { amountUsed { amount } } discountAllocations { discountedAmount { amount } } } } }
            """, variables: ["c": .string(cart), "g": .string(group)])
        let costs = try #require(selected.at("cartSelectedDeliveryOptionsUpdate.cart"))
        // 2 × 89.00 + 12.00 = 190.00; WELCOME10 19.00; standard 5.00; the gift card 25.00.
        #expect(costs.string("cost.subtotalAmount.amount") == "190.00")
        #expect(costs.string("discountAllocations[0].discountedAmount.amount") == "19.00")
        #expect(costs.string("appliedGiftCards[0].amountUsed.amount") == "25.00")
        #expect(costs.string("cost.totalAmount.amount") == "151.00")

        let submitted = try shop.data("""
            mutation($c: ID!) { cartSubmitForCompletion(cartId: $c, attemptToken: "t1") { result { ... on SubmitSuccess { attemptId } } } }
            """, variables: ["c": .string(cart)])
        let attempt = try #require(submitted.string("cartSubmitForCompletion.result.attemptId"))
        let early = try shop.data("{ node(id: \"gid://shopify/Order/1001\") { id } }")
        #expect(early.at("node") == .null, "no order before the completion succeeded")
        var orderID: String?
        for _ in 0..<3 {
            let polled = try shop.data("""
                query($a: String!) { cartCompletionAttempt(attemptId: $a) { __typename ... on CartCompletionSuccess { orderId completedAt } } }
                """, variables: ["a": .string(attempt)])
            orderID = polled.string("cartCompletionAttempt.orderId") ?? orderID
        }
        #expect(orderID == "gid://shopify/Order/1001")
        let data = try shop.data("query($id: ID!) { node(id: $id) { \(Self.order) } }", variables: ["id": .string(orderID ?? "")])
        let order = try #require(data.at("node"))
        #expect(order.string("__typename") == "Order")
        #expect(order.string("name") == "#1001")
        #expect(order.int("orderNumber") == 1001)
        #expect(order.string("email") == "buyer@example.com")
        #expect(order.string("phone") == "+15555550100")
        #expect(order.string("currencyCode") == "USD")
        #expect(order.string("financialStatus") == "PAID")
        #expect(order.string("fulfillmentStatus") == "UNFULFILLED")
        #expect(order.string("subtotalPrice.amount") == "190.00")
        #expect(order.string("currentSubtotalPrice.amount") == "190.00")
        #expect(order.string("totalShippingPrice.amount") == "5.00")
        #expect(order.string("totalTax.amount") == "0.00")
        #expect(order.string("currentTotalTax.amount") == "0.00")
        #expect(order.string("totalPrice.amount") == "151.00")
        #expect(order.string("currentTotalPrice.amount") == "151.00")
        #expect(order.string("shippingAddress.city") == "Portland")
        #expect(order.at("customAttributes") == [["key": "gift", "value": "yes"]])
        #expect(order.string("statusUrl") == "https://sample-shoes.example.invalid/account/orders/1001")
        #expect(CatalogReader.isTimestamp(order.string("processedAt") ?? ""))
        #expect(order.count("lineItems.edges") == 2)
        #expect(order.string("lineItems.edges[0].node.title") == "Classic Sneaker - 8")
        #expect(order.int("lineItems.edges[0].node.quantity") == 2)
        #expect(order.string("lineItems.edges[0].node.variant.id") == "gid://shopify/ProductVariant/1")
        #expect(order.string("lineItems.edges[0].node.originalTotalPrice.amount") == "178.00")
        #expect(order.string("lineItems.edges[0].node.discountedTotalPrice.amount") == "160.20")
        #expect(order.string("lineItems.edges[1].node.title") == "Wool Socks")
        #expect(order.string("lineItems.edges[1].node.originalTotalPrice.amount") == "12.00")
        #expect(order.string("lineItems.edges[1].node.discountedTotalPrice.amount") == "10.80")
        #expect(order.bool("lineItems.pageInfo.hasNextPage") == false)
    }
}
