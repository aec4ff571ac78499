import BuyflowCore
import GraphQLKit
import Synchronization

/// What every resolver of one request shares: the shop, the buyer's language and country
/// (`@inContext`, `Accept-Language`) and whether this request carries an injected error.
final class RequestContext: Sendable {
    let engine: ShopEngine
    /// A `LanguageCode` (`FR`), or nil for the catalog's default texts.
    let language: String?
    /// A `CountryCode` (`CA`), or nil.
    let country: String?
    let prices: PriceContext
    /// `--error-rate` picked this request: the first nullable field resolved fails.
    let faultArmed: Bool
    private let faultClaimed = Atomic<Bool>(false)

    init(engine: ShopEngine, language: String?, country: String?, faultArmed: Bool) {
        self.engine = engine
        self.language = language
        self.country = country
        self.prices = engine.catalog.prices(country: country)
        self.faultArmed = faultArmed
    }

    var catalog: ShopCatalog { engine.catalog }

    /// True once: for the field that takes the injected error.
    func claimFault() -> Bool {
        faultArmed && faultClaimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    }

    /// Whether the injected error has been spent on a field.
    var faultSpent: Bool { faultClaimed.load(ordering: .relaxed) }

    /// A cart as this request shows it.
    func view(_ cart: CartState) -> CartView {
        CartView(cart, catalog: catalog, contextCountry: country)
    }
}
