import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Cart mutations, costs and userErrors")
struct CartMutationTests {
    let shop: TestShop

    init() throws { shop = try TestShop() }

    static let cartFields = """
        cart { id totalQuantity note attributes { key value } discountCodes { code applicable }
               buyerIdentity { countryCode email phone }
               lines(first: 20) { nodes { id quantity attributes { key value } merchandise { ... on ProductVariant { id } }
                                          cost { amountPerQuantity { amount } subtotalAmount { amount } totalAmount { amount } compareAtAmountPerQuantity { amount } } } }
               cost { subtotalAmount { amount currencyCode } totalAmount { amount } checkoutChargeAmount { amount } totalTaxAmount { amount } }
               discountAllocations { discountedAmount { amount } ... on CartCodeDiscountAllocation { code }
                                     discountApplication { allocationMethod targetSelection targetType value { __typename ... on PricingPercentageValue { percentage } ... on MoneyV2 { amount } } } } }
        userErrors { code field message } warnings { code message target }
        """

    func mutate(_ field: String, _ arguments: String, variables: JSONValue? = nil) throws -> JSONValue {
        let data = try shop.data("mutation M\(variables == nil ? "" : "($cart: ID!)") { \(field)(\(arguments)) { \(Self.cartFields) } }", variables: variables)
        return data[field] ?? .null
    }

    @Test("cartCreate with everything: lines, attributes, note, buyer identity, discount codes, delivery addresses")
    func createWithEverything() throws {
        let payload = try mutate("cartCreate", """
            input: {
              lines: [{merchandiseId: "gid://shopify/ProductVariant/7", quantity: 2, attributes: [{key: "gift", value: "yes"}]}],
              attributes: [{key: "source", value: "test"}], note: "Leave at the door",
              buyerIdentity: {email: "ada@example.com", phone: "+16135551111", countryCode: US},
              discountCodes: ["welcome10"],
              delivery: {addresses: [{address: {deliveryAddress: {address1: "1 Main St", city: "Portland", provinceCode: "OR", zip: "97201", countryCode: US, firstName: "Ada", lastName: "L"}}, selected: true}]}
            }
            """)
        #expect(payload.count("userErrors") == 0)
        #expect(payload.string("cart.note") == "Leave at the door")
        #expect(payload.string("cart.attributes[0].key") == "source")
        #expect(payload.string("cart.lines.nodes[0].attributes[0].value") == "yes")
        #expect(payload.string("cart.buyerIdentity.email") == "ada@example.com")
        #expect(payload.string("cart.lines.nodes[0].cost.compareAtAmountPerQuantity.amount") == "69.00")
        #expect(payload.string("cart.cost.subtotalAmount.amount") == "118.00")
        #expect(payload.string("cart.discountCodes[0].code") == "welcome10")
        #expect(payload.bool("cart.discountCodes[0].applicable") == true)
        #expect(payload.string("cart.discountAllocations[0].discountedAmount.amount") == "11.80")
        #expect(payload.string("cart.discountAllocations[0].code") == "welcome10")
        #expect(payload.at("cart.discountAllocations[0].discountApplication.value.percentage")?.doubleValue == 10)
        #expect(payload.string("cart.cost.totalAmount.amount") == "106.20")
        #expect(payload.at("cart.cost.totalTaxAmount") == .null)

        let id = try #require(payload.string("cart.id"))
        let delivery = try shop.data("""
            { cart(id: "\(id)") { delivery { addresses { id selected address { ... on CartDeliveryAddress { city formatted name } } } }
              deliveryGroups(first: 1) { nodes { deliveryAddress { city zip formatted(withName: true) } } } } }
            """)
        #expect(delivery.string("cart.delivery.addresses[0].address.city") == "Portland")
        #expect(delivery.string("cart.delivery.addresses[0].address.name") == "Ada L")
        #expect(delivery.at("cart.deliveryGroups.nodes[0].deliveryAddress.formatted") == ["Ada L", "1 Main St", "Portland, OR 97201", "US"])
    }

    @Test("cartCreate with an unknown variant creates nothing and says INVALID_MERCHANDISE_LINE")
    func createInvalid() throws {
        let before = shop.shop.cartCount
        let payload = try mutate("cartCreate", #"input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/999"}]}"#)
        #expect(payload.at("cart") == .null)
        #expect(payload.string("userErrors[0].code") == "INVALID_MERCHANDISE_LINE")
        #expect(payload.at("userErrors[0].field") == ["input", "lines", "0", "merchandiseId"])
        #expect(payload.string("userErrors[0].message")?.contains("ProductVariant/999") == true)
        #expect(shop.shop.cartCount == before)
    }

    @Test("cartLinesAdd: merging, MAXIMUM_EXCEEDED over stock, INVALID below 1, unknown cart")
    func linesAdd() throws {
        let cart = try shop.createCart([(6, 3)])
        let vars: JSONValue = ["cart": .string(cart)]
        let merged = try mutate("cartLinesAdd", #"cartId: $cart, lines: [{merchandiseId: "gid://shopify/ProductVariant/6", quantity: 2}]"#, variables: vars)
        #expect(merged.count("userErrors") == 0)
        #expect(merged.count("cart.lines.nodes") == 1)
        #expect(merged.int("cart.totalQuantity") == 5)

        let over = try mutate("cartLinesAdd", #"cartId: $cart, lines: [{merchandiseId: "gid://shopify/ProductVariant/6", quantity: 1}]"#, variables: vars)
        #expect(over.string("userErrors[0].code") == "MAXIMUM_EXCEEDED")
        #expect(over.at("userErrors[0].field") == ["lines", "0", "quantity"])
        #expect(over.string("userErrors[0].message")?.contains("5 of Wool Socks") == true)
        #expect(over.int("cart.totalQuantity") == 5, "a mutation with userErrors changes nothing")

        let zero = try mutate("cartLinesAdd", #"cartId: $cart, lines: [{merchandiseId: "gid://shopify/ProductVariant/1", quantity: 0}]"#, variables: vars)
        #expect(zero.string("userErrors[0].code") == "INVALID")
        #expect(zero.at("userErrors[0].field") == ["lines", "0", "quantity"])

        let mixed = try mutate("cartLinesAdd", """
            cartId: $cart, lines: [{merchandiseId: "gid://shopify/ProductVariant/1"}, {merchandiseId: "gid://shopify/Product/1"}]
            """, variables: vars)
        #expect(mixed.string("userErrors[0].code") == "INVALID_MERCHANDISE_LINE")
        #expect(mixed.at("userErrors[0].field") == ["lines", "1", "merchandiseId"])
        #expect(mixed.int("cart.totalQuantity") == 5, "all or nothing")

        let unknown = try mutate("cartLinesAdd", #"cartId: "gid://shopify/Cart/nope?key=x", lines: [{merchandiseId: "gid://shopify/ProductVariant/1"}]"#)
        #expect(unknown.at("cart") == .null)
        #expect(unknown.string("userErrors[0].code") == "INVALID")
        #expect(unknown.at("userErrors[0].field") == ["cartId"])
    }

    @Test("a sold-out variant can be added, with a MERCHANDISE_OUT_OF_STOCK warning")
    func soldOutWarning() throws {
        let cart = try shop.createCart()
        let payload = try mutate("cartLinesAdd", #"cartId: $cart, lines: [{merchandiseId: "gid://shopify/ProductVariant/5", quantity: 1}]"#,
                                 variables: ["cart": .string(cart)])
        #expect(payload.count("userErrors") == 0)
        #expect(payload.string("warnings[0].code") == "MERCHANDISE_OUT_OF_STOCK")
        #expect(payload.string("warnings[0].target") == payload.string("cart.lines.nodes[0].id"))
    }

    @Test("cartLinesUpdate: quantity, merchandise swap, attributes, 0 removes, unknown line, stock limit")
    func linesUpdate() throws {
        let cart = try shop.createCart([(1, 1), (15, 2)])
        let vars: JSONValue = ["cart": .string(cart)]
        let lines = try shop.data("{ cart(id: \"\(cart)\") { lines(first: 5) { nodes { id } } } }")
        let first = try #require(lines.string("cart.lines.nodes[0].id"))
        let second = try #require(lines.string("cart.lines.nodes[1].id"))

        let updated = try mutate("cartLinesUpdate", """
            cartId: $cart, lines: [{id: "\(first)", quantity: 4, merchandiseId: "gid://shopify/ProductVariant/2", attributes: [{key: "k", value: "v"}]}]
            """, variables: vars)
        #expect(updated.count("userErrors") == 0)
        #expect(updated.int("cart.lines.nodes[0].quantity") == 4)
        #expect(updated.string("cart.lines.nodes[0].merchandise.id") == "gid://shopify/ProductVariant/2")
        #expect(updated.string("cart.lines.nodes[0].attributes[0].key") == "k")
        #expect(updated.string("cart.cost.subtotalAmount.amount") == "369.00")

        let tooMany = try mutate("cartLinesUpdate", #"cartId: $cart, lines: [{id: "\#(first)", quantity: 51}]"#, variables: vars)
        #expect(tooMany.string("userErrors[0].code") == "MAXIMUM_EXCEEDED")
        let negative = try mutate("cartLinesUpdate", #"cartId: $cart, lines: [{id: "\#(first)", quantity: -1}]"#, variables: vars)
        #expect(negative.string("userErrors[0].code") == "INVALID")
        let unknown = try mutate("cartLinesUpdate", #"cartId: $cart, lines: [{id: "gid://shopify/CartLine/99", quantity: 1}]"#, variables: vars)
        #expect(unknown.string("userErrors[0].code") == "INVALID")
        #expect(unknown.at("userErrors[0].field") == ["lines", "0", "id"])

        let removed = try mutate("cartLinesUpdate", #"cartId: $cart, lines: [{id: "\#(second)", quantity: 0}]"#, variables: vars)
        #expect(removed.count("cart.lines.nodes") == 1)
        #expect(removed.int("cart.totalQuantity") == 4)
    }

    @Test("cartLinesRemove: removes the lines; an unknown line is INVALID with its index")
    func linesRemove() throws {
        let cart = try shop.createCart([(1, 1), (6, 1)])
        let lines = try shop.data("{ cart(id: \"\(cart)\") { lines(first: 5) { nodes { id } } } }")
        let first = try #require(lines.string("cart.lines.nodes[0].id"))
        let bad = try mutate("cartLinesRemove", #"cartId: $cart, lineIds: ["\#(first)", "gid://shopify/CartLine/42"]"#, variables: ["cart": .string(cart)])
        #expect(bad.string("userErrors[0].code") == "INVALID")
        #expect(bad.at("userErrors[0].field") == ["lineIds", "1"])
        #expect(bad.int("cart.totalQuantity") == 2)
        let good = try mutate("cartLinesRemove", #"cartId: $cart, lineIds: "\#(first)""#, variables: ["cart": .string(cart)])
        #expect(good.count("userErrors") == 0)
        #expect(good.int("cart.totalQuantity") == 1)
    }

    @Test("cartDiscountCodesUpdate: WELCOME10 is 10% off, SAVE5 5.00 off, unknown codes kept not applicable")
    func discountCodes() throws {
        let cart = try shop.createCart([(1, 2)])
        let vars: JSONValue = ["cart": .string(cart)]
        let both = try mutate("cartDiscountCodesUpdate", #"cartId: $cart, discountCodes: ["WELCOME10", "SAVE5", "BOGUS"]"#, variables: vars)
        #expect(both.count("userErrors") == 0)
        #expect(both.at("cart.discountCodes") == [["code": "WELCOME10", "applicable": true], ["code": "SAVE5", "applicable": true], ["code": "BOGUS", "applicable": false]])
        #expect(both.string("cart.discountAllocations[0].discountedAmount.amount") == "17.80")
        #expect(both.string("cart.discountAllocations[1].discountedAmount.amount") == "5.00")
        #expect(both.string("cart.discountAllocations[1].discountApplication.value.__typename") == "MoneyV2")
        #expect(both.string("cart.cost.totalAmount.amount") == "155.20")
        #expect(both.string("warnings[0].code") == "DISCOUNT_NOT_FOUND")
        let cleared = try mutate("cartDiscountCodesUpdate", "cartId: $cart, discountCodes: []", variables: vars)
        #expect(cleared.count("cart.discountCodes") == 0)
        #expect(cleared.string("cart.cost.totalAmount.amount") == "178.00")
    }

    @Test("cartNoteUpdate: NOTE_TOO_LONG over 5000 characters")
    func note() throws {
        let cart = try shop.createCart()
        let vars: JSONValue = ["cart": .string(cart)]
        let ok = try mutate("cartNoteUpdate", #"cartId: $cart, note: "Ring twice""#, variables: vars)
        #expect(ok.string("cart.note") == "Ring twice")
        let long = String(repeating: "x", count: 5001)
        let tooLong = try mutate("cartNoteUpdate", #"cartId: $cart, note: "\#(long)""#, variables: vars)
        #expect(tooLong.string("userErrors[0].code") == "NOTE_TOO_LONG")
        #expect(tooLong.at("userErrors[0].field") == ["note"])
        #expect(tooLong.string("cart.note") == "Ring twice")
    }

    @Test("cartAttributesUpdate replaces the attributes; an empty key is INVALID")
    func attributes() throws {
        let cart = try shop.createCart([], extra: #", attributes: [{key: "a", value: "1"}]"#)
        let vars: JSONValue = ["cart": .string(cart)]
        let replaced = try mutate("cartAttributesUpdate", #"cartId: $cart, attributes: [{key: "b", value: "2"}, {key: "c", value: "3"}]"#, variables: vars)
        #expect(replaced.at("cart.attributes") == [["key": "b", "value": "2"], ["key": "c", "value": "3"]])
        let empty = try mutate("cartAttributesUpdate", #"cartId: $cart, attributes: [{key: "", value: "2"}]"#, variables: vars)
        #expect(empty.string("userErrors[0].code") == "INVALID")
        #expect(empty.at("userErrors[0].field") == ["attributes", "0", "key"])
        let single = try shop.data("{ cart(id: \"\(cart)\") { attribute(key: \"c\") { value } none: attribute(key: \"zz\") { value } } }")
        #expect(single.string("cart.attribute.value") == "3")
        #expect(single.at("cart.none") == .null)
    }

    @Test("cartBuyerIdentityUpdate: email, phone, country (which changes the currency); bad email is INVALID")
    func buyerIdentity() throws {
        let cart = try shop.createCart([(6, 1)])
        let vars: JSONValue = ["cart": .string(cart)]
        let updated = try mutate("cartBuyerIdentityUpdate", #"cartId: $cart, buyerIdentity: {email: "b@example.com", countryCode: CA}"#, variables: vars)
        #expect(updated.count("userErrors") == 0)
        #expect(updated.string("cart.buyerIdentity.email") == "b@example.com")
        #expect(updated.string("cart.cost.subtotalAmount.currencyCode") == "CAD")
        #expect(updated.string("cart.cost.subtotalAmount.amount") == "16.20")
        let bad = try mutate("cartBuyerIdentityUpdate", #"cartId: $cart, buyerIdentity: {email: "not-an-email", phone: "12"}"#, variables: vars)
        #expect(bad.at("userErrors")?.arrayValue?.compactMap { $0["field"] } == [["buyerIdentity", "email"], ["buyerIdentity", "phone"]])
        #expect(bad.string("cart.buyerIdentity.email") == "b@example.com")
    }

    @Test("delivery groups and cartSelectedDeliveryOptionsUpdate; unknown group or handle are user errors")
    func deliveryOptions() throws {
        let cart = try shop.createCart([(1, 1)])
        let vars: JSONValue = ["cart": .string(cart)]
        let groups = try shop.data("""
            { cart(id: "\(cart)") { deliveryGroups(first: 5) { nodes { id groupType deliveryOptions { handle title code estimatedCost { amount } deliveryMethodType }
                                                                      selectedDeliveryOption { handle } cartLines(first: 5) { nodes { id } } } } } }
            """)
        let group = try #require(groups.string("cart.deliveryGroups.nodes[0].id"))
        #expect(groups.string("cart.deliveryGroups.nodes[0].groupType") == "ONE_TIME_PURCHASE")
        #expect(groups.at("cart.deliveryGroups.nodes[0].deliveryOptions")?.arrayValue?.compactMap { $0["handle"]?.stringValue } == ["standard", "express"])
        #expect(groups.at("cart.deliveryGroups.nodes[0].selectedDeliveryOption") == .null)
        #expect(groups.count("cart.deliveryGroups.nodes[0].cartLines.nodes") == 1)

        let selected = try shop.data("""
            mutation($cart: ID!) { cartSelectedDeliveryOptionsUpdate(cartId: $cart, selectedDeliveryOptions: [{deliveryGroupId: "\(group)", deliveryOptionHandle: "express"}]) {
              cart { cost { totalAmount { amount } subtotalAmount { amount } } deliveryGroups(first: 1) { nodes { selectedDeliveryOption { handle estimatedCost { amount } } } } }
              userErrors { code field } } }
            """, variables: vars)
        #expect(selected.count("cartSelectedDeliveryOptionsUpdate.userErrors") == 0)
        #expect(selected.string("cartSelectedDeliveryOptionsUpdate.cart.deliveryGroups.nodes[0].selectedDeliveryOption.handle") == "express")
        #expect(selected.string("cartSelectedDeliveryOptionsUpdate.cart.cost.totalAmount.amount") == "104.00")

        let badGroup = try shop.data("""
            mutation($cart: ID!) { cartSelectedDeliveryOptionsUpdate(cartId: $cart, selectedDeliveryOptions: [{deliveryGroupId: "gid://shopify/CartDeliveryGroup/9", deliveryOptionHandle: "express"},
                                                                                                               {deliveryGroupId: "\(group)", deliveryOptionHandle: "teleport"}]) {
              userErrors { code field } } }
            """, variables: vars)
        #expect(badGroup.at("cartSelectedDeliveryOptionsUpdate.userErrors") == [
            ["code": "INVALID_DELIVERY_GROUP", "field": ["selectedDeliveryOptions", "0", "deliveryGroupId"]],
            ["code": "INVALID_DELIVERY_OPTION", "field": ["selectedDeliveryOptions", "1", "deliveryOptionHandle"]],
        ])
    }

    @Test("cart(id:) with an unknown or tampered ID is null; cart lines page with cursors")
    func cartQueries() throws {
        let cart = try shop.createCart([(1, 1), (6, 1), (15, 1)])
        let data = try shop.data("""
            { unknown: cart(id: "gid://shopify/Cart/c1-000?key=1") { id }
              tampered: cart(id: "\(cart.split(separator: "?")[0])?key=wrong") { id }
              keyless: cart(id: "\(cart.split(separator: "?")[0])") { id }
              cart(id: "\(cart)") { checkoutUrl createdAt updatedAt lines(first: 2) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } }
            """)
        #expect(data.at("unknown") == .null)
        #expect(data.at("tampered") == .null)
        #expect(data.string("keyless.id") == cart)
        #expect(data.string("cart.checkoutUrl")?.hasPrefix("https://sample-shoes.example.invalid/cart/c/") == true)
        #expect(data.bool("cart.lines.pageInfo.hasNextPage") == true)
        let after = try #require(data.string("cart.lines.pageInfo.endCursor"))
        let next = try shop.data("{ cart(id: \"\(cart)\") { lines(first: 2, after: \"\(after)\") { nodes { merchandise { ... on ProductVariant { id } } } pageInfo { hasNextPage } } } }")
        #expect(next.string("cart.lines.nodes[0].merchandise.id") == "gid://shopify/ProductVariant/15")
        #expect(next.bool("cart.lines.pageInfo.hasNextPage") == false)
    }
}
