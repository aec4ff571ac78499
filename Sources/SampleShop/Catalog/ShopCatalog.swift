import BuyflowCore

/// What the sample shop sells: its shop, products, collections, discount codes, delivery
/// options, presentment currencies and API versions (the format is documented in
/// `samples/README.md`). Immutable and shared by every request.
///
///     let catalog = try ShopCatalog.load(path: "my-catalog.json")
///     let shop = try SampleShop(SampleShop.Options(catalog: catalog))
public final class ShopCatalog: Sendable {
    /// The `Shop` object (JSON, with `__typename`).
    let shopJSON: JSONValue
    let shopID: String
    public let shopName: String
    public let currencyCode: String
    let countryCode: String
    /// `primaryDomain.url`, no trailing slash: the base of the URLs the shop makes up.
    let primaryURL: String
    let presentmentCurrencies: [PresentmentCurrency]
    /// `ApiVersion` objects, in order.
    let apiVersionsJSON: JSONValue
    /// The handles of `apiVersions`, in order.
    public let apiVersions: [String]

    /// The handles of the versions marked `supported`.
    public var supportedAPIVersions: [String] {
        (apiVersionsJSON.arrayValue ?? []).compactMap { entry in
            entry["supported"]?.boolValue == true ? entry["handle"]?.stringValue : nil
        }
    }
    let products: [ProductNode]
    let collections: [CollectionNode]
    let discountCodes: [DiscountCodeEntry]
    let deliveryOptions: [DeliveryOptionEntry]
    let giftCards: [GiftCardEntry]
    let customers: [CustomerEntry]
    private let giftCardByKey: [String: GiftCardEntry]
    private let customerByToken: [String: CustomerEntry]
    private let bundleByVariant: [String: BundleEntry]
    /// Pages, blogs, articles, menus, URL redirects, policies and media images.
    let content: ShopContent

    private let productByHandle: [String: Int]
    private let productByID: [String: Int]
    private let collectionByHandle: [String: Int]
    private let collectionByID: [String: Int]
    private let variantByID: [String: VariantNode]
    private let optionByID: [String: ProductOptionNode]
    private let optionValueByID: [String: ProductOptionValueNode]
    private let discountByCode: [String: DiscountCodeEntry]
    /// Every variant, in catalog order.
    let allVariants: [VariantNode]

    init(
        shopJSON: JSONValue, shopID: String, shopName: String, currencyCode: String, countryCode: String, primaryURL: String,
        presentmentCurrencies: [PresentmentCurrency], apiVersionsJSON: JSONValue, apiVersions: [String],
        products: [ProductNode], collections: [CollectionNode], discountCodes: [DiscountCodeEntry],
        deliveryOptions: [DeliveryOptionEntry], giftCards: [GiftCardEntry] = [], customers: [CustomerEntry] = [],
        bundles: [BundleEntry] = [],
        content: ShopContent = .empty
    ) {
        self.shopJSON = shopJSON
        self.shopID = shopID
        self.shopName = shopName
        self.currencyCode = currencyCode
        self.countryCode = countryCode
        self.primaryURL = primaryURL
        self.presentmentCurrencies = presentmentCurrencies
        self.apiVersionsJSON = apiVersionsJSON
        self.apiVersions = apiVersions
        self.products = products
        self.collections = collections
        self.discountCodes = discountCodes
        self.deliveryOptions = deliveryOptions
        self.giftCards = giftCards
        self.customers = customers
        giftCardByKey = Dictionary(giftCards.map { (CatalogLoader.giftCardKey($0.code), $0) }, uniquingKeysWith: { first, _ in first })
        customerByToken = Dictionary(customers.map { ($0.accessToken, $0) }, uniquingKeysWith: { first, _ in first })
        bundleByVariant = Dictionary(bundles.map { ($0.variantID, $0) }, uniquingKeysWith: { first, _ in first })
        self.content = content
        var productByHandle: [String: Int] = [:], productByID: [String: Int] = [:]
        var variantByID: [String: VariantNode] = [:], optionByID: [String: ProductOptionNode] = [:]
        var optionValueByID: [String: ProductOptionValueNode] = [:]
        for product in products {
            productByHandle[product.handle] = product.index
            productByID[product.id] = product.index
            for variant in product.variants { variantByID[variant.id] = variant }
            for option in product.options {
                optionByID[option.id] = option
                for value in option.values { optionValueByID[value.id] = value }
            }
        }
        var collectionByHandle: [String: Int] = [:], collectionByID: [String: Int] = [:]
        for collection in collections {
            collectionByHandle[collection.handle] = collection.index
            collectionByID[collection.id] = collection.index
        }
        self.productByHandle = productByHandle
        self.productByID = productByID
        self.variantByID = variantByID
        self.optionByID = optionByID
        self.optionValueByID = optionValueByID
        self.collectionByHandle = collectionByHandle
        self.collectionByID = collectionByID
        self.discountByCode = Dictionary(discountCodes.map { ($0.code.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })
        self.allVariants = products.flatMap(\.variants)
    }

    // MARK: - Public summary

    /// The product handles, in catalog order.
    public var productHandles: [String] { products.map(\.handle) }
    /// The collection handles, in catalog order.
    public var collectionHandles: [String] { collections.map(\.handle) }

    // MARK: - Lookups

    func product(handle: String) -> ProductNode? { productByHandle[handle].map { products[$0] } }
    func product(id: String) -> ProductNode? { productByID[id].map { products[$0] } }
    func collection(handle: String) -> CollectionNode? { collectionByHandle[handle].map { collections[$0] } }
    func collection(id: String) -> CollectionNode? { collectionByID[id].map { collections[$0] } }
    func variant(id: String) -> VariantNode? { variantByID[id] }
    func option(id: String) -> ProductOptionNode? { optionByID[id] }
    func optionValue(id: String) -> ProductOptionValueNode? { optionValueByID[id] }
    func discountCode(_ code: String) -> DiscountCodeEntry? { discountByCode[code.uppercased()] }
    func deliveryOption(handle: String) -> DeliveryOptionEntry? { deliveryOptions.first { $0.handle == handle } }
    func product(of variant: VariantNode) -> ProductNode { products[variant.productIndex] }
    /// The gift card of a code as a buyer enters it (case, spaces and dashes ignored).
    func giftCard(code: String) -> GiftCardEntry? { giftCardByKey[CatalogLoader.giftCardKey(code)] }
    func customer(accessToken: String) -> CustomerEntry? { customerByToken[accessToken] }
    /// The bundle a variant is sold as, if it is one.
    func bundle(variantID: String) -> BundleEntry? { bundleByVariant[variantID] }

    /// How amounts are shown to a buyer in `country` (nil: the shop's currency).
    func prices(country: String?) -> PriceContext {
        if let country {
            for currency in presentmentCurrencies where currency.countries.contains(country) {
                return PriceContext(currencyCode: currency.currencyCode, rate: currency.rate)
            }
        }
        return PriceContext(currencyCode: currencyCode, rate: nil)
    }
}
