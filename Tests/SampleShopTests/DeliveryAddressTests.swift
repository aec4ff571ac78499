import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Delivery addresses on carts")
struct DeliveryAddressTests {
    static let addresses = "delivery { all: addresses { id selected oneTimeUse address { ... on CartDeliveryAddress { city countryCode } } } selected: addresses(selected: true) { id } }"

    static func address(_ city: String, selected: Bool = false, oneTimeUse: Bool = false) -> JSONValue {
        ["address": ["deliveryAddress": ["address1": "1 Main St", "city": .string(city), "countryCode": "US", "zip": "97201"]],
         "selected": .bool(selected), "oneTimeUse": .bool(oneTimeUse)]
    }

    @Test("add, update, replace and remove keep at most one address selected")
    func lifecycle() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)])
        func mutate(_ name: String, _ argument: String, _ type: String, _ value: JSONValue) throws -> JSONValue {
            let data = try shop.data("""
                mutation($c: ID!, $v: \(type)) { \(name)(cartId: $c, \(argument): $v) { cart { \(Self.addresses) } userErrors { code field } } }
                """, variables: ["c": .string(cart), "v": value])
            return data[name] ?? .null
        }
        var payload = try mutate("cartDeliveryAddressesAdd", "addresses", "[CartSelectableAddressInput!]!",
                                 [Self.address("Portland", selected: true), Self.address("Seattle", oneTimeUse: true)])
        #expect(payload.count("userErrors") == 0)
        #expect(payload.count("cart.delivery.all") == 2)
        #expect(payload.bool("cart.delivery.all[1].oneTimeUse") == true)
        let portland = try #require(payload.string("cart.delivery.all[0].id"))
        let seattle = try #require(payload.string("cart.delivery.all[1].id"))
        #expect(payload.string("cart.delivery.selected[0].id") == portland)

        payload = try mutate("cartDeliveryAddressesUpdate", "addresses", "[CartSelectableAddressUpdateInput!]!",
                             [["id": .string(seattle), "selected": true,
                               "address": ["deliveryAddress": ["city": "Tacoma", "countryCode": "US"]]]])
        #expect(payload.count("cart.delivery.selected") == 1)
        #expect(payload.string("cart.delivery.selected[0].id") == seattle)
        #expect(payload.string("cart.delivery.all[1].address.city") == "Tacoma")
        #expect(payload.bool("cart.delivery.all[0].selected") == false)

        payload = try mutate("cartDeliveryAddressesRemove", "addressIds", "[ID!]!", [.string(seattle)])
        #expect(payload.count("cart.delivery.all") == 1)
        #expect(payload.count("cart.delivery.selected") == 0)

        payload = try mutate("cartDeliveryAddressesReplace", "addresses", "[CartSelectableAddressInput!]!", [Self.address("Boise", selected: true)])
        #expect(payload.count("cart.delivery.all") == 1)
        #expect(payload.string("cart.delivery.all[0].address.city") == "Boise")
        #expect(payload.string("cart.delivery.all[0].id")?.hasPrefix("gid://shopify/CartSelectableAddress/3?cart=") == true)

        let group = try shop.data("query($c: ID!) { cart(id: $c) { deliveryGroups(first: 1) { nodes { deliveryAddress { city } } } } }",
                                  variables: ["c": .string(cart)])
        #expect(group.string("cart.deliveryGroups.nodes[0].deliveryAddress.city") == "Boise")
    }

    @Test("bad input: two selected, unknown IDs, too long a field, too many addresses")
    func problems() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)])
        func codes(_ name: String, _ argument: String, _ type: String, _ value: JSONValue) throws -> (code: String?, field: JSONValue?) {
            let data = try shop.data("mutation($c: ID!, $v: \(type)) { \(name)(cartId: $c, \(argument): $v) { userErrors { code field } } }",
                                     variables: ["c": .string(cart), "v": value])
            return (data.string("\(name).userErrors[0].code"), data.at("\(name).userErrors[0].field"))
        }
        let input = "[CartSelectableAddressInput!]!"
        #expect(try codes("cartDeliveryAddressesAdd", "addresses", input, [Self.address("A", selected: true), Self.address("B", selected: true)])
            .code == "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED")
        let unknown = try codes("cartDeliveryAddressesRemove", "addressIds", "[ID!]!", ["gid://shopify/CartSelectableAddress/42"])
        #expect(unknown.code == "INVALID_DELIVERY_ADDRESS_ID")
        #expect(unknown.field == ["addressIds", "0"])
        let update = try codes("cartDeliveryAddressesUpdate", "addresses", "[CartSelectableAddressUpdateInput!]!",
                               [["id": "gid://shopify/CartSelectableAddress/42", "selected": true]])
        #expect(update.code == "INVALID_DELIVERY_ADDRESS_ID")
        #expect(update.field == ["addresses", "0", "id"])
        let long = try codes("cartDeliveryAddressesAdd", "addresses", input,
                             [["address": ["deliveryAddress": ["city": .string(String(repeating: "x", count: 256))]]]])
        #expect(long.code == "ADDRESS_FIELD_IS_TOO_LONG")
        #expect(long.field == ["addresses", "0", "address", "deliveryAddress", "city"])
        let many = JSONValue.array((1...21).map { Self.address("City \($0)") })
        #expect(try codes("cartDeliveryAddressesAdd", "addresses", input, many).code == "TOO_MANY_DELIVERY_ADDRESSES")
        let after = try shop.data("query($c: ID!) { cart(id: $c) { \(Self.addresses) } }", variables: ["c": .string(cart)])
        #expect(after.count("cart.delivery.all") == 0, "a mutation with user errors changes nothing")
    }
}
