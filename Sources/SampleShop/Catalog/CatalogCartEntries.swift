import BuyflowCore

/// A gift card a cart can apply by its code (`giftCards` in the catalog).
struct GiftCardEntry: Sendable {
    /// The code as the catalog writes it; matched case-insensitively.
    let code: String
    /// The balance, in shop-currency cents.
    let balanceCents: Int

    /// `AppliedGiftCard.lastCharacters`: the code's last four characters.
    var lastCharacters: String { String(code.suffix(4)) }
}

/// A customer a cart's buyer identity can name by a customer access token (`customers`
/// in the catalog).
struct CustomerEntry: Sendable {
    let accessToken: String
    let id: String
    let email: String?
    let phone: String?
    /// The `Customer` object (JSON).
    let json: JSONValue
}

/// A bundle: a variant sold as one line whose `lineComponents` are other variants
/// (`bundles` in the catalog). The line is a `ComponentizableCartLine`.
struct BundleEntry: Sendable {
    struct Component: Sendable {
        let variantID: String
        /// Units of the component in one unit of the bundle.
        let quantity: Int
    }

    let variantID: String
    let components: [Component]
}
