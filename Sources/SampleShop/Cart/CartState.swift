import BuyflowCore

/// A cart as the store keeps it: plain values, copied out for each response.
struct CartState: Sendable {
    struct Line: Sendable {
        let number: Int
        var variantID: String
        var quantity: Int
        var attributes: [Attribute]
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

    var totalQuantity: Int { lines.reduce(0) { $0 + $1.quantity } }

    func lineIndex(id: String) -> Int? {
        guard let parsed = GlobalID(id), parsed.type == "CartLine", parsed.parameter("cart") ?? token == token,
              let number = Int(parsed.value) else { return nil }
        return lines.firstIndex { $0.number == number }
    }
}
