import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Gift cards on carts")
struct CartGiftCardTests {
    static let cardFields = "appliedGiftCards { id lastCharacters amountUsed { amount currencyCode } balance { amount } presentmentAmountUsed { amount currencyCode } }"
    static let costFields = "cost { subtotalAmount { amount } totalAmount { amount currencyCode } }"

    @Test("a card pays what is due after discounts, in order of application, never below zero")
    func appliesInOrder() throws {
        let shop = try TestShop()
        // 2 × 89.00 = 178.00; WELCOME10 takes 17.80: 160.20 due.
        let cart = try shop.createCart([(1, 2)], extra: ", discountCodes: [\"WELCOME10\"]")
        let added = try shop.data("""
            mutation($c: ID!) { cartGiftCardCodesAdd(cartId: $c, giftCardCodes: ["sample25-gift-a1b2", "SAMPLE500GIFTC3D4"]) {
              cart { \(Self.cardFields) \(Self.costFields) } userErrors { code field message } warnings { code } } }
            """, variables: ["c": .string(cart)])
        #expect(added.count("cartGiftCardCodesAdd.userErrors") == 0)
        let payload = try #require(added.at("cartGiftCardCodesAdd.cart"))
        #expect(payload.string("appliedGiftCards[0].lastCharacters") == "A1B2")
        #expect(payload.string("appliedGiftCards[0].amountUsed.amount") == "25.00")
        #expect(payload.string("appliedGiftCards[0].balance.amount") == "0.00")
        #expect(payload.string("appliedGiftCards[1].lastCharacters") == "C3D4")
        #expect(payload.string("appliedGiftCards[1].amountUsed.amount") == "135.20")
        #expect(payload.string("appliedGiftCards[1].balance.amount") == "364.80")
        #expect(payload.string("appliedGiftCards[1].presentmentAmountUsed.amount") == "135.20")
        #expect(payload.string("cost.subtotalAmount.amount") == "178.00")
        #expect(payload.string("cost.totalAmount.amount") == "0.00")
        let first = try #require(payload.string("appliedGiftCards[0].id"))
        #expect(first.hasPrefix("gid://shopify/AppliedGiftCard/1?cart="))

        // Update to the large card only: it pays all 160.20; the small one's ID is gone.
        let updated = try shop.data("""
            mutation($c: ID!) { cartGiftCardCodesUpdate(cartId: $c, giftCardCodes: ["sample500giftc3d4"]) {
              cart { \(Self.cardFields) \(Self.costFields) } userErrors { code } } }
            """, variables: ["c": .string(cart)])
        #expect(updated.count("cartGiftCardCodesUpdate.cart.appliedGiftCards") == 1)
        #expect(updated.string("cartGiftCardCodesUpdate.cart.appliedGiftCards[0].amountUsed.amount") == "160.20")
        #expect(updated.string("cartGiftCardCodesUpdate.cart.appliedGiftCards[0].id")?.hasPrefix("gid://shopify/AppliedGiftCard/2?") == true,
                "a card applied before keeps its ID")
        let large = try #require(updated.string("cartGiftCardCodesUpdate.cart.appliedGiftCards[0].id"))

        let node = try shop.data("query($id: ID!) { node(id: $id) { __typename ... on AppliedGiftCard { lastCharacters } } }",
                                 variables: ["id": .string(large)])
        #expect(node.string("node.lastCharacters") == "C3D4")

        let removed = try shop.data("""
            mutation($c: ID!, $ids: [ID!]!) { cartGiftCardCodesRemove(cartId: $c, appliedGiftCardIds: $ids) {
              cart { \(Self.cardFields) \(Self.costFields) } userErrors { code field } } }
            """, variables: ["c": .string(cart), "ids": [.string(large)]])
        #expect(removed.count("cartGiftCardCodesRemove.cart.appliedGiftCards") == 0)
        #expect(removed.string("cartGiftCardCodesRemove.cart.cost.totalAmount.amount") == "160.20")
    }

    @Test("unknown codes and IDs are INVALID and change nothing")
    func unknown() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(6, 1)], extra: ", giftCardCodes: [\"SAMPLE25GIFTA1B2\"]")
        let bad = try shop.data("""
            mutation($c: ID!) { cartGiftCardCodesAdd(cartId: $c, giftCardCodes: ["SAMPLE500GIFTC3D4", "NOPE12345678"]) {
              cart { \(Self.cardFields) \(Self.costFields) } userErrors { code field message } } }
            """, variables: ["c": .string(cart)])
        #expect(bad.string("cartGiftCardCodesAdd.userErrors[0].code") == "INVALID")
        #expect(bad.at("cartGiftCardCodesAdd.userErrors[0].field") == ["giftCardCodes", "1"])
        #expect(bad.count("cartGiftCardCodesAdd.cart.appliedGiftCards") == 1, "all or nothing")
        #expect(bad.string("cartGiftCardCodesAdd.cart.appliedGiftCards[0].amountUsed.amount") == "12.00")
        #expect(bad.string("cartGiftCardCodesAdd.cart.appliedGiftCards[0].balance.amount") == "13.00")
        #expect(bad.string("cartGiftCardCodesAdd.cart.cost.totalAmount.amount") == "0.00")
        let removed = try shop.data("""
            mutation($c: ID!) { cartGiftCardCodesRemove(cartId: $c, appliedGiftCardIds: ["gid://shopify/AppliedGiftCard/9"]) {
              userErrors { code field } } }
            """, variables: ["c": .string(cart)])
        #expect(removed.string("cartGiftCardCodesRemove.userErrors[0].code") == "INVALID")
        #expect(removed.at("cartGiftCardCodesRemove.userErrors[0].field") == ["appliedGiftCardIds", "0"])
        let created = try shop.data("mutation { cartCreate(input: {giftCardCodes: [\"WRONG\"]}) { cart { id } userErrors { code field } } }")
        #expect(created.at("cartCreate.cart") == .null)
        #expect(created.at("cartCreate.userErrors[0].field") == ["input", "giftCardCodes", "0"])
    }

    @Test("in CAD the card's balance converts at the presentment rate; amountUsed stays in USD")
    func presentment() throws {
        let shop = try TestShop()
        // Wool Socks 12.00 USD = 16.20 CAD; the 25.00 USD card is 33.75 CAD.
        let cart = try shop.createCart([(6, 3)], extra: ", buyerIdentity: {countryCode: CA}, giftCardCodes: [\"SAMPLE25GIFTA1B2\"]")
        let data = try shop.data("query($c: ID!) { cart(id: $c) { \(Self.cardFields) \(Self.costFields) } }", variables: ["c": .string(cart)])
        // Due: 3 × 16.20 = 48.60 CAD; the card pays 33.75 CAD = all 25.00 USD.
        #expect(data.string("cart.appliedGiftCards[0].presentmentAmountUsed.amount") == "33.75")
        #expect(data.string("cart.appliedGiftCards[0].presentmentAmountUsed.currencyCode") == "CAD")
        #expect(data.string("cart.appliedGiftCards[0].amountUsed.amount") == "25.00")
        #expect(data.string("cart.appliedGiftCards[0].amountUsed.currencyCode") == "USD")
        #expect(data.string("cart.cost.totalAmount.amount") == "14.85")
    }
}
