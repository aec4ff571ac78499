import BuyflowCore
import BuyflowTestSupport
import Foundation
import Buy
import Testing
@testable import SampleShop

/// The cart documents Hydrogen sends (`Tests/Conformance/storefront-clients`: the cart
/// handler's, hydrogen-react's CartProvider's and the skeleton's cart query), run unchanged
/// against the sample shop as a storefront would: every response has data and no errors,
/// and the amounts are the shop's real ones.
@Suite("Hydrogen's cart documents against the sample shop")
struct HydrogenCartConformanceTests {
    static let folder = "Tests/Conformance/storefront-clients"

    /// Runs one document file with `variables`: the response must have `data` and no
    /// `errors`, and no payload `userErrors`; returns `data`.
    final class Client {
        let shop: TestShop
        private(set) var used: Set<String> = []

        init(_ shop: TestShop) { self.shop = shop }

        func run(_ file: String, _ variables: JSONValue = [:]) throws -> JSONValue {
            let url = RepositoryPaths.file("\(HydrogenCartConformanceTests.folder)/\(file)")
            let text = try String(contentsOf: url, encoding: .utf8)
            used.insert(file)
            return try send(text, variables, file)
        }

        /// Sends as Hydrogen does (no Accept of its own) and reads the answer as
        /// `@shopify/graphql-client` does: JSON, or `multipart/mixed` (a document with
        /// `@defer`) merged part by part — by the `Buy` client's own reader.
        func send(_ document: String, _ variables: JSONValue, _ name: String) throws -> JSONValue {
            let response = try shop.post(document, variables: variables)
            #expect(response.status == 200, "\(name): HTTP \(response.status): \(response.text)")
            let json: JSONValue
            if let contentType = response.header("content-type"), Graph.MultipartResponse.isMultipart(contentType) {
                json = try Graph.MultipartResponse.merge(response.body, contentType: contentType)
            } else {
                json = try #require(response.json, "\(name): not JSON: \(response.text)")
            }
            #expect(json["errors"] == nil, "\(name): \(json["errors"] ?? .null)")
            let data = try #require(json["data"], "\(name) returned no data")
            #expect(data != .null, "\(name) returned null data")
            if case .object(let fields) = data {
                for (field, payload) in fields {
                    if let errors = payload["userErrors"]?.arrayValue {
                        #expect(errors.isEmpty, "\(name): \(field).userErrors: \(errors)")
                    }
                }
            }
            return data
        }
    }

    static func files(in folder: String) -> [String] {
        let path = RepositoryPaths.file("\(Self.folder)/\(folder)").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".graphql") }
            .sorted().map { "\(folder)/\($0)" }
    }

    static func address(_ city: String, zip: String, selected: Bool = false, oneTimeUse: Bool = false) -> JSONValue {
        ["address": ["deliveryAddress": ["firstName": "Ada", "lastName": "Lovelace", "address1": "1 Main St", "city": .string(city),
                                         "provinceCode": "OR", "countryCode": "US", "zip": .string(zip)]],
         "selected": .bool(selected), "oneTimeUse": .bool(oneTimeUse)]
    }

    @Test("the cart handler's documents and both cart queries, from cartCreate to the order")
    func hydrogenCart() throws {
        let shop = try TestShop()
        let client = Client(shop)

        // Create with a sneaker and a pair of laces nested under it, and a guest's email.
        var data = try client.run("hydrogen-cart/cartCreate.graphql", ["input": [
            "lines": [
                ["merchandiseId": "gid://shopify/ProductVariant/1", "quantity": 1],
                ["merchandiseId": "gid://shopify/ProductVariant/16", "quantity": 1,
                 "parent": ["merchandiseId": "gid://shopify/ProductVariant/1"]],
            ],
            "buyerIdentity": ["email": "guest@example.com", "countryCode": "US"],
        ]])
        let cartID = try #require(data.string("cartCreate.cart.id"))
        #expect(data.int("cartCreate.cart.totalQuantity") == 2)
        #expect(data.string("cartCreate.cart.checkoutUrl")?.hasPrefix("https://sample-shoes.example.invalid/cart/c/") == true)
        let cart: JSONValue = ["cartId": .string(cartID)]
        func with(_ extra: JSONValue) -> JSONValue {
            var variables = JSONObject([("cartId", .string(cartID))])
            for (key, value) in extra.objectValue ?? JSONObject() { variables[key] = value }
            return .object(variables)
        }

        // Add socks and the Shoe Care Kit bundle, then a pair of black laces to remove again.
        data = try client.run("hydrogen-cart/cartLinesAdd.graphql", with(["lines": [
            ["merchandiseId": "gid://shopify/ProductVariant/6", "quantity": 2],
            ["merchandiseId": "gid://shopify/ProductVariant/14", "quantity": 1],
            ["merchandiseId": "gid://shopify/ProductVariant/15", "quantity": 1],
        ]]))
        #expect(data.int("cartLinesAdd.cart.totalQuantity") == 6)
        data = try client.run("hydrogen-cart/CartQuery.graphql", cart)
        #expect(data.count("cart.lines.edges") == 5)
        let sneakerLine = try #require(data.string("cart.lines.edges[0].node.id"))
        let socksLine = try #require(data.string("cart.lines.edges[2].node.id"))
        let blackLaces = try #require(data.string("cart.lines.edges[4].node.id"))
        #expect(data.string("cart.lines.edges[4].node.merchandise.id") == "gid://shopify/ProductVariant/15")
        data = try client.run("hydrogen-cart/cartLinesUpdate.graphql", with(["lines": [["id": .string(socksLine), "quantity": 3]]]))
        #expect(data.int("cartLinesUpdate.cart.totalQuantity") == 7)
        data = try client.run("hydrogen-cart/cartLinesRemove.graphql", with(["lineIds": [.string(blackLaces)]]))
        #expect(data.int("cartLinesRemove.cart.totalQuantity") == 6)

        // Discount (the document defers the cart), gift cards.
        data = try client.run("hydrogen-cart/cartDiscountCodesUpdate.graphql", with(["discountCodes": ["WELCOME10"]]))
        #expect(data.string("cartDiscountCodesUpdate.cart.id") == cartID)
        _ = try client.run("hydrogen-cart/cartGiftCardCodesAdd.graphql", with(["giftCardCodes": ["SAMPLE25GIFTA1B2"]]))
        _ = try client.run("hydrogen-cart/cartGiftCardCodesUpdate.graphql", with(["giftCardCodes": ["sample25gifta1b2", "SAMPLE500GIFTC3D4"]]))
        data = try client.run("hydrogen-cart/CartQuery.graphql", cart)
        #expect(data.count("cart.appliedGiftCards") == 2)
        let largeCard = try #require(data.string("cart.appliedGiftCards[1].id"))
        _ = try client.run("hydrogen-cart/cartGiftCardCodesRemove.graphql", with(["appliedGiftCardIds": [.string(largeCard)]]))

        // Delivery addresses: replace, add, select the new one, remove the first; then a delivery option.
        _ = try client.run("hydrogen-cart/cartDeliveryAddressesReplace.graphql",
                           with(["addresses": [Self.address("Portland", zip: "97201", selected: true)]]))
        _ = try client.run("hydrogen-cart/cartDeliveryAddressesAdd.graphql",
                           with(["addresses": [Self.address("Salem", zip: "97301", oneTimeUse: true)]]))
        let addressQuery = "query($cartId: ID!) { cart(id: $cartId) { delivery { addresses { id selected oneTimeUse } selected: addresses(selected: true) { id } } deliveryGroups(first: 1) { nodes { id deliveryAddress { city } } } } }"
        data = try client.send(addressQuery, cart, "addresses")
        let portland = try #require(data.string("cart.delivery.addresses[0].id"))
        let salem = try #require(data.string("cart.delivery.addresses[1].id"))
        _ = try client.run("hydrogen-cart/cartDeliveryAddressesUpdate.graphql", with(["addresses": [["id": .string(salem), "selected": true]]]))
        _ = try client.run("hydrogen-cart/cartDeliveryAddressesRemove.graphql", with(["addressIds": [.string(portland)]]))
        data = try client.send(addressQuery, cart, "addresses")
        #expect(data.count("cart.delivery.addresses") == 1)
        #expect(data.string("cart.delivery.selected[0].id") == salem)
        #expect(data.bool("cart.delivery.addresses[0].oneTimeUse") == true)
        #expect(data.string("cart.deliveryGroups.nodes[0].deliveryAddress.city") == "Salem")
        let group = try #require(data.string("cart.deliveryGroups.nodes[0].id"))
        _ = try client.run("hydrogen-cart/cartSelectedDeliveryOptionsUpdate.graphql",
                           with(["selectedDeliveryOptions": [["deliveryGroupId": .string(group), "deliveryOptionHandle": "standard"]]]))

        // Metafields: set two, delete one.
        _ = try client.run("hydrogen-cart/cartMetafieldsSet.graphql", ["metafields": [
            ["ownerId": .string(cartID), "key": "custom.gift_message", "type": "single_line_text_field", "value": "Happy birthday"],
            ["ownerId": .string(cartID), "key": "wrap", "type": "boolean", "value": "true"],
        ]])
        _ = try client.run("hydrogen-cart/cartMetafieldDelete.graphql", ["input": ["ownerId": .string(cartID), "key": "custom.wrap"]])
        data = try client.send("""
            query($cartId: ID!) { cart(id: $cartId) { metafield(namespace: "custom", key: "gift_message") { value type }
              metafields(identifiers: [{namespace: "custom", key: "wrap"}]) { value } } }
            """, cart, "metafields")
        #expect(data.string("cart.metafield.value") == "Happy birthday")
        #expect(data.at("cart.metafields") == [.null])

        // The customer signs in; note and attributes.
        _ = try client.run("hydrogen-cart/cartBuyerIdentityUpdate.graphql",
                           with(["buyerIdentity": ["customerAccessToken": "sample-customer-token-ada", "countryCode": "US"]]))
        _ = try client.run("hydrogen-cart/cartNoteUpdate.graphql", with(["note": "Leave at the door"]))
        _ = try client.run("hydrogen-cart/cartAttributesUpdate.graphql", with(["attributes": [["key": "gift", "value": "yes"]]]))

        // Hydrogen's cart query: 89.00 + 6.50 + 3 × 12.00 + 24.99 = 156.49; WELCOME10 15.65;
        // standard delivery 5.00; the 25.00 gift card: 120.84 to pay.
        data = try client.run("hydrogen-cart/CartQuery.graphql", cart)
        let full = try #require(data.at("cart"))
        #expect(full.int("totalQuantity") == 6)
        #expect(full.string("cost.subtotalAmount.amount") == "156.49")
        #expect(full.string("cost.totalAmount.amount") == "120.84")
        #expect(full.string("cost.totalAmount.currencyCode") == "USD")
        #expect(full.at("cost.totalTaxAmount") == .null)
        #expect(full.at("discountCodes") == [["applicable": true, "code": "WELCOME10"]])
        #expect(full.count("appliedGiftCards") == 1)
        #expect(full.string("appliedGiftCards[0].lastCharacters") == "A1B2")
        #expect(full.string("appliedGiftCards[0].amountUsed.amount") == "25.00")
        #expect(full.string("buyerIdentity.customer.id") == "gid://shopify/Customer/1")
        #expect(full.string("buyerIdentity.customer.displayName") == "Ada Lovelace")
        #expect(full.string("buyerIdentity.email") == "ada@example.com")
        #expect(full.string("buyerIdentity.countryCode") == "US")
        #expect(full.string("note") == "Leave at the door")
        #expect(full.at("attributes") == [["key": "gift", "value": "yes"]])
        #expect(full.string("lines.edges[2].node.cost.totalAmount.amount") == "36.00")

        // The skeleton's cart query: the nested line's parent, the bundle's components.
        data = try client.run("skeleton/CartQuery.graphql", cart)
        let lines = try #require(data.at("cart.lines.nodes")?.arrayValue)
        #expect(lines.count == 4)
        #expect(lines[1].string("parentRelationship.parent.id") == sneakerLine)
        #expect(lines[1].string("merchandise.product.handle") == "cotton-laces")
        #expect(lines[3].count("lineComponents") == 2)
        #expect(lines[3].string("merchandise.product.handle") == "shoe-care-kit")
        #expect(lines[3].string("lineComponents[0].cost.totalAmount.amount") == "16.21")
        #expect(lines[3].string("lineComponents[1].cost.totalAmount.amount") == "8.78")
        #expect(data.string("cart.cost.totalAmount.amount") == "120.84")
        #expect(data.string("cart.appliedGiftCards[0].amountUsed.amount") == "25.00")

        // Checkout: submit (not a Hydrogen document), poll, read the order.
        data = try client.send("""
            mutation Submit($cartId: ID!, $token: String!) { cartSubmitForCompletion(cartId: $cartId, attemptToken: $token) {
              result { __typename ... on SubmitSuccess { attemptId } } userErrors { code message } } }
            """, with(["token": "hydrogen-1"]), "cartSubmitForCompletion")
        let attempt = try #require(data.string("cartSubmitForCompletion.result.attemptId"))
        var orderID: String?
        for _ in 0..<5 where orderID == nil {
            data = try client.send("""
                query Poll($id: String!) { cartCompletionAttempt(attemptId: $id) { __typename
                  ... on CartCompletionProcessing { pollDelay } ... on CartCompletionSuccess { orderId } } }
                """, ["id": .string(attempt)], "cartCompletionAttempt")
            orderID = data.string("cartCompletionAttempt.orderId")
        }
        let order = try #require(orderID)
        data = try client.send("""
            query Order($id: ID!) { node(id: $id) { ... on Order { name email subtotalPrice { amount } totalPrice { amount }
              totalShippingPrice { amount } totalTax { amount } processedAt
              lineItems(first: 10) { nodes { title quantity originalTotalPrice { amount } discountedTotalPrice { amount } variant { id } } } } } }
            """, ["id": .string(order)], "order")
        #expect(data.string("node.name") == "#1001")
        #expect(data.string("node.email") == "ada@example.com")
        #expect(data.string("node.subtotalPrice.amount") == "156.49")
        #expect(data.string("node.totalPrice.amount") == "120.84")
        #expect(data.string("node.totalShippingPrice.amount") == "5.00")
        #expect(data.string("node.totalTax.amount") == "0.00")
        let items = try #require(data.at("node.lineItems.nodes"))
        #expect(items.at("[0].title") == "Classic Sneaker - 8")
        #expect(items.at("[1].title") == "Cotton Laces - White")
        #expect(items.at("[2].title") == "Wool Socks")
        #expect(items.at("[2].quantity") == 3)
        #expect(items.at("[3].title") == "Shoe Care Kit")
        // 15.65 of discount shared by subtotal: 8.90, 0.65, 3.60 and the rest, 2.50.
        #expect(items.at("[0].discountedTotalPrice.amount") == "80.10")
        #expect(items.at("[1].discountedTotalPrice.amount") == "5.85")
        #expect(items.at("[2].discountedTotalPrice.amount") == "32.40")
        #expect(items.at("[3].discountedTotalPrice.amount") == "22.49")

        let expected = Set(Self.files(in: "hydrogen-cart")).union(["skeleton/CartQuery.graphql"])
        #expect(expected.subtracting(client.used).isEmpty, "documents not run: \(expected.subtracting(client.used).sorted())")
    }

    @Test("hydrogen-react's CartProvider documents, create to query")
    func hydrogenReactCart() throws {
        let shop = try TestShop()
        let client = Client(shop)
        var data = try client.run("hydrogen-react-cart/CartCreate.graphql", ["input": [
            "lines": [["merchandiseId": "gid://shopify/ProductVariant/2", "quantity": 1]],
        ]])
        let cartID = try #require(data.string("cartCreate.cart.id"))
        let firstLine = try #require(data.string("cartCreate.cart.lines.edges[0].node.id"))
        data = try client.run("hydrogen-react-cart/CartLineAdd.graphql", ["cartId": .string(cartID), "lines": [
            ["merchandiseId": "gid://shopify/ProductVariant/6", "quantity": 1],
            ["merchandiseId": "gid://shopify/ProductVariant/15", "quantity": 2],
        ]])
        #expect(data.int("cartLinesAdd.cart.totalQuantity") == 4)
        let lacesLine = try #require(data.string("cartLinesAdd.cart.lines.edges[2].node.id"))
        data = try client.run("hydrogen-react-cart/CartLineUpdate.graphql", ["cartId": .string(cartID), "lines": [["id": .string(firstLine), "quantity": 2]]])
        #expect(data.int("cartLinesUpdate.cart.totalQuantity") == 5)
        data = try client.run("hydrogen-react-cart/CartLineRemove.graphql", ["cartId": .string(cartID), "lines": [.string(lacesLine)]])
        #expect(data.int("cartLinesRemove.cart.totalQuantity") == 3)
        _ = try client.run("hydrogen-react-cart/CartNoteUpdate.graphql", ["cartId": .string(cartID), "note": "Ring twice"])
        _ = try client.run("hydrogen-react-cart/CartAttributesUpdate.graphql", ["cartId": .string(cartID), "attributes": [["key": "source", "value": "react"]]])
        data = try client.run("hydrogen-react-cart/CartBuyerIdentityUpdate.graphql", ["cartId": .string(cartID), "buyerIdentity": [
            "customerAccessToken": "sample-customer-token-ada", "countryCode": "CA",
        ]])
        #expect(data.string("cartBuyerIdentityUpdate.cart.buyerIdentity.customer.firstName") == "Ada")
        data = try client.run("hydrogen-react-cart/CartDiscountCodesUpdate.graphql", ["cartId": .string(cartID), "discountCodes": ["SAVE5"]])
        data = try client.run("hydrogen-react-cart/CartQuery.graphql", ["id": .string(cartID)])
        // In CAD (1.35): 2 × 120.15 + 16.20 = 256.50; SAVE5 is 6.75 CAD.
        #expect(data.string("cart.cost.subtotalAmount.amount") == "256.50")
        #expect(data.string("cart.cost.totalAmount.amount") == "249.75")
        #expect(data.string("cart.cost.totalAmount.currencyCode") == "CAD")
        #expect(data.string("cart.note") == "Ring twice")
        #expect(data.string("cart.buyerIdentity.email") == "ada@example.com")
        let expected = Set(Self.files(in: "hydrogen-react-cart"))
        #expect(expected.subtracting(client.used).isEmpty, "documents not run: \(expected.subtracting(client.used).sorted())")
    }
}
