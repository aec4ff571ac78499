import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Checkout path end to end over HTTP")
struct CheckoutFlowTests {
    @Test("product by handle, cart create/add/update/remove, submit, poll to success")
    func fullCheckout() throws {
        let shop = try TestShop()
        let product = try shop.data("""
            query P($handle: String!) {
              product(handle: $handle) {
                id title handle availableForSale totalInventory
                priceRange { minVariantPrice { amount currencyCode } }
                variants(first: 10) { nodes { id title availableForSale quantityAvailable price { amount currencyCode } } }
              }
            }
            """, variables: ["handle": "classic-sneaker"])
        #expect(product.string("product.id") == "gid://shopify/Product/1")
        #expect(product.string("product.title") == "Classic Sneaker")
        #expect(product.int("product.totalInventory") == 150)
        #expect(product.string("product.priceRange.minVariantPrice.amount") == "89.00")
        #expect(product.count("product.variants.nodes") == 3)
        #expect(product.string("product.variants.nodes[1].title") == "9")
        #expect(product.string("product.variants.nodes[2].price.currencyCode") == "USD")

        let created = try shop.data("""
            mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1", quantity: 2}]}) {
              cart { id totalQuantity lines(first: 10) { nodes { id quantity } } cost { subtotalAmount { amount } totalAmount { amount currencyCode } } }
              userErrors { code field message } warnings { code }
            } }
            """)
        let cartID = try #require(created.string("cartCreate.cart.id"))
        #expect(cartID.hasPrefix("gid://shopify/Cart/"))
        #expect(created.int("cartCreate.cart.totalQuantity") == 2)
        #expect(created.string("cartCreate.cart.cost.subtotalAmount.amount") == "178.00")
        #expect(created.count("cartCreate.userErrors") == 0)

        let added = try shop.data("""
            mutation Add($cart: ID!) { cartLinesAdd(cartId: $cart, lines: [
              {merchandiseId: "gid://shopify/ProductVariant/6", quantity: 2},
              {merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1}]) {
              cart { totalQuantity lines(first: 10) { nodes { id quantity merchandise { ... on ProductVariant { id } } } }
                     cost { totalAmount { amount } } }
              userErrors { code }
            } }
            """, variables: ["cart": .string(cartID)])
        #expect(added.count("cartLinesAdd.userErrors") == 0)
        #expect(added.count("cartLinesAdd.cart.lines.nodes") == 2, "lines merge by variant")
        #expect(added.int("cartLinesAdd.cart.lines.nodes[0].quantity") == 3)
        #expect(added.string("cartLinesAdd.cart.cost.totalAmount.amount") == "291.00")
        let socksLine = try #require(added.string("cartLinesAdd.cart.lines.nodes[1].id"))
        let sneakerLine = try #require(added.string("cartLinesAdd.cart.lines.nodes[0].id"))

        let updated = try shop.data("""
            mutation { cartLinesUpdate(cartId: "\(cartID)", lines: [{id: "\(socksLine)", quantity: 4}]) {
              cart { totalQuantity cost { subtotalAmount { amount } } } userErrors { code } } }
            """)
        #expect(updated.int("cartLinesUpdate.cart.totalQuantity") == 7)
        #expect(updated.string("cartLinesUpdate.cart.cost.subtotalAmount.amount") == "315.00")

        let removed = try shop.data("""
            mutation { cartLinesRemove(cartId: "\(cartID)", lineIds: ["\(sneakerLine)"]) {
              cart { totalQuantity lines(first: 5) { nodes { id } } } userErrors { code } } }
            """)
        #expect(removed.int("cartLinesRemove.cart.totalQuantity") == 4)
        #expect(removed.count("cartLinesRemove.cart.lines.nodes") == 1)

        let submitted = try shop.data("""
            mutation { cartSubmitForCompletion(cartId: "\(cartID)", attemptToken: "token-1") {
              result { __typename ... on SubmitSuccess { attemptId redirectUrl } } userErrors { code } } }
            """)
        #expect(submitted.string("cartSubmitForCompletion.result.__typename") == "SubmitSuccess")
        let attemptID = try #require(submitted.string("cartSubmitForCompletion.result.attemptId"))

        let poll = """
            query Poll($id: String!) { cartCompletionAttempt(attemptId: $id) {
              __typename
              ... on CartCompletionProcessing { id pollDelay }
              ... on CartCompletionSuccess { id orderId orderUrl completedAt }
              ... on CartCompletionFailed { id errors { code message } }
            } }
            """
        var kinds: [String] = []
        for _ in 0..<4 {
            let result = try shop.data(poll, variables: ["id": .string(attemptID)])
            kinds.append(result.string("cartCompletionAttempt.__typename") ?? "?")
            if kinds.last == "CartCompletionProcessing" { #expect(result.int("cartCompletionAttempt.pollDelay") == 100) }
            if kinds.last == "CartCompletionSuccess" {
                #expect(result.string("cartCompletionAttempt.orderId")?.hasPrefix("gid://shopify/Order/") == true)
                #expect(result.string("cartCompletionAttempt.orderUrl")?.hasPrefix("https://sample-shoes.example.invalid/") == true)
                #expect(result.string("cartCompletionAttempt.completedAt")?.hasSuffix("Z") == true)
            }
        }
        #expect(kinds == ["CartCompletionProcessing", "CartCompletionProcessing", "CartCompletionSuccess", "CartCompletionSuccess"])
    }
}
