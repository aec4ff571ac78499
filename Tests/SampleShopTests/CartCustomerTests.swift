import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Buyer identity with a customer")
struct CartCustomerTests {
    static let buyer = "buyerIdentity { email phone countryCode customer { id email firstName lastName displayName phone acceptsMarketing numberOfOrders tags } }"

    @Test("a customer access token sets the customer, whose email and phone fill the buyer identity")
    func customerToken() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)])
        let updated = try shop.data("""
            mutation($c: ID!) { cartBuyerIdentityUpdate(cartId: $c, buyerIdentity: {customerAccessToken: "sample-customer-token-ada"}) {
              cart { \(Self.buyer) } userErrors { code field message } } }
            """, variables: ["c": .string(cart)])
        #expect(updated.count("cartBuyerIdentityUpdate.userErrors") == 0)
        let buyer = try #require(updated.at("cartBuyerIdentityUpdate.cart.buyerIdentity"))
        #expect(buyer.string("customer.id") == "gid://shopify/Customer/1")
        #expect(buyer.string("customer.displayName") == "Ada Lovelace")
        #expect(buyer.string("customer.numberOfOrders") == "3")
        #expect(buyer.at("customer.tags") == ["vip"])
        #expect(buyer.bool("customer.acceptsMarketing") == true)
        #expect(buyer.string("email") == "ada@example.com")
        #expect(buyer.string("phone") == "+16135550123")

        let removed = try shop.data("""
            mutation($c: ID!) { cartBuyerIdentityUpdate(cartId: $c, buyerIdentity: {customerAccessToken: null, email: "b@example.com"}) {
              cart { \(Self.buyer) } userErrors { code } } }
            """, variables: ["c": .string(cart)])
        #expect(removed.at("cartBuyerIdentityUpdate.cart.buyerIdentity.customer") == .null)
        #expect(removed.string("cartBuyerIdentityUpdate.cart.buyerIdentity.email") == "b@example.com")
    }

    @Test("an email given with the token wins over the customer's")
    func explicitEmail() throws {
        let shop = try TestShop()
        let created = try shop.data("""
            mutation { cartCreate(input: {buyerIdentity: {customerAccessToken: "sample-customer-token-ada", email: "gifts@example.com"}}) {
              cart { \(Self.buyer) } userErrors { code } } }
            """)
        #expect(created.string("cartCreate.cart.buyerIdentity.customer.email") == "ada@example.com")
        #expect(created.string("cartCreate.cart.buyerIdentity.email") == "gifts@example.com")
    }

    @Test("an unknown token is INVALID \"Customer is invalid\", as Shopify answers, and changes nothing")
    func unknownToken() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)], extra: ", buyerIdentity: {email: \"a@example.com\"}")
        let data = try shop.data("""
            mutation($c: ID!) { cartBuyerIdentityUpdate(cartId: $c, buyerIdentity: {customerAccessToken: "nope", email: "x@example.com"}) {
              cart { \(Self.buyer) } userErrors { code field message } } }
            """, variables: ["c": .string(cart)])
        #expect(data.string("cartBuyerIdentityUpdate.userErrors[0].code") == "INVALID")
        #expect(data.string("cartBuyerIdentityUpdate.userErrors[0].message") == "Customer is invalid")
        #expect(data.at("cartBuyerIdentityUpdate.userErrors[0].field") == ["buyerIdentity", "customerAccessToken"])
        #expect(data.string("cartBuyerIdentityUpdate.cart.buyerIdentity.email") == "a@example.com")
        let created = try shop.data("mutation { cartCreate(input: {buyerIdentity: {customerAccessToken: \"nope\"}}) { cart { id } userErrors { code field } } }")
        #expect(created.at("cartCreate.userErrors[0].field") == ["input", "buyerIdentity", "customerAccessToken"])
    }

    @Test("a company location needs a customer, and the sample shop has no companies")
    func companyLocation() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)])
        for (token, code) in [("null", "MISSING_CUSTOMER_ACCESS_TOKEN"), ("\"sample-customer-token-ada\"", "INVALID_COMPANY_LOCATION")] {
            let data = try shop.data("""
                mutation($c: ID!) { cartBuyerIdentityUpdate(cartId: $c, buyerIdentity: {customerAccessToken: \(token), companyLocationId: "gid://shopify/CompanyLocation/1"}) {
                  userErrors { code } } }
                """, variables: ["c": .string(cart)])
            #expect(data.string("cartBuyerIdentityUpdate.userErrors[0].code") == code)
        }
    }
}
