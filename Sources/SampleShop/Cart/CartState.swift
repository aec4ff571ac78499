import BuyflowCore

/// A cart as the store keeps it: plain values, copied out for each response.
struct CartState: Sendable {
    struct Line: Sendable {
        let number: Int
        var variantID: String
        var quantity: Int
        var attributes: [Attribute]
        /// The number of the parent line (`CartLineInput.parent`), for a nested line.
        var parentNumber: Int? = nil
    }

    struct Attribute: Sendable, Hashable {
        var key: String
        var value: String

        var json: JSONValue { ["key": .string(key), "value": .string(value)] }
    }

    struct BuyerIdentity: Sendable {
        var countryCode: String?
        var email: String?
        var phone: String?
        var customerAccessToken: String?
        /// A `CartPreferences` object, or null.
        var preferences: JSONValue = .null
    }

    /// A delivery address of the cart (`CartSelectableAddress`).
    struct Address: Sendable {
        let number: Int
        /// The `CartDeliveryAddress` fields.
        var fields: JSONObject
        var selected: Bool
        var oneTimeUse: Bool
    }

    /// A gift card applied to the cart (`AppliedGiftCard`), by its catalog code.
    struct GiftCard: Sendable {
        let number: Int
        let code: String
    }

    /// A cart metafield.
    struct Metafield: Sendable {
        let number: Int
        let namespace: String
        let key: String
        var type: String
        var value: String
        let createdAt: String
        var updatedAt: String
    }

    /// The token in the cart's ID: `gid://shopify/Cart/<token>?key=<key>`.
    let token: String
    let key: String
    let createdAt: String
    var updatedAt: String
    var lines: [Line] = []
    var nextLineNumber = 1
    var note: String?
    var attributes: [Attribute] = []
    var buyerIdentity = BuyerIdentity()
    /// The codes as entered, in order.
    var discountCodes: [String] = []
    var addresses: [Address] = []
    var nextAddressNumber = 1
    /// Applied gift cards, in order of application.
    var giftCards: [GiftCard] = []
    var nextGiftCardNumber = 1
    var metafields: [Metafield] = []
    var nextMetafieldNumber = 1
    /// The handle of the delivery option selected in the cart's delivery group.
    var selectedDeliveryOption: String?

    init(token: String, key: String, now: String) {
        self.token = token
        self.key = key
        createdAt = now
        updatedAt = now
    }

    var id: String { "gid://shopify/Cart/\(token)?key=\(key)" }

    func lineID(_ number: Int) -> String { "gid://shopify/CartLine/\(number)?cart=\(token)" }

    var deliveryGroupID: String { "gid://shopify/CartDeliveryGroup/1?cart=\(token)" }

    func addressID(_ number: Int) -> String { "gid://shopify/CartSelectableAddress/\(number)?cart=\(token)" }

    func mailingAddressID(_ number: Int) -> String { "gid://shopify/MailingAddress/\(number)?cart=\(token)" }

    func giftCardID(_ number: Int) -> String { "gid://shopify/AppliedGiftCard/\(number)?cart=\(token)" }

    func metafieldID(_ number: Int) -> String { "gid://shopify/Metafield/\(number)?cart=\(token)" }

    /// The number in one of this cart's IDs of `type` (`gid://shopify/<type>/<n>?cart=<token>`).
    func number(in id: String, type: String) -> Int? {
        guard let parsed = GlobalID(id), parsed.type == type, parsed.parameter("cart") ?? token == token else { return nil }
        return Int(parsed.value)
    }

    var totalQuantity: Int { lines.reduce(0) { $0 + $1.quantity } }

    func lineIndex(id: String) -> Int? {
        guard let parsed = GlobalID(id), parsed.type == "CartLine", parsed.parameter("cart") ?? token == token,
              let number = Int(parsed.value) else { return nil }
        return lines.firstIndex { $0.number == number }
    }
}
