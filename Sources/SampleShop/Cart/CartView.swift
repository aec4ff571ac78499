import BuyflowCore
import GraphQLKit

/// A cart as one response shows it: a snapshot of its state with its costs computed in
/// the currency of its buyer's country (else of the request's `@inContext` country).
final class CartView: Sendable {
    let state: CartState
    let catalog: ShopCatalog
    let prices: PriceContext
    let lines: [CartLineView]
    /// In `prices.currencyCode` cents.
    let subtotal: Int
    let discountTotal: Int
    let deliveryCost: Int
    /// `CartCodeDiscountAllocation` objects, one per applicable code.
    let discountAllocations: [JSONValue]
    let hasDeliveryGroup: Bool
    /// `AppliedGiftCard` objects, in order of application.
    let appliedGiftCards: [JSONValue]
    /// What the gift cards pay, in `prices.currencyCode` cents.
    let giftCardTotal: Int

    init(_ state: CartState, catalog: ShopCatalog, contextCountry: String?) {
        self.state = state
        self.catalog = catalog
        let prices = catalog.prices(country: state.buyerIdentity.countryCode ?? contextCountry)
        self.prices = prices
        var lines: [CartLineView] = []
        lines.reserveCapacity(state.lines.count)
        var subtotal = 0
        var shipping = false
        var byNumber: [Int: CartLineView] = [:]
        for line in state.lines {
            guard let variant = catalog.variant(id: line.variantID) else { continue }
            let view = CartLineView(
                line: line, id: state.lineID(line.number), variant: variant, prices: prices,
                parent: line.parentNumber.flatMap { byNumber[$0] }, bundle: catalog.bundle(variantID: variant.id), catalog: catalog,
                cartToken: state.token
            )
            byNumber[line.number] = view
            subtotal += view.subtotal
            shipping = shipping || variant.requiresShipping
            lines.append(view)
        }
        self.lines = lines
        self.subtotal = subtotal
        hasDeliveryGroup = shipping

        var remaining = subtotal
        var allocations: [JSONValue] = []
        for code in state.discountCodes {
            guard let discount = catalog.discountCode(code) else { continue }
            let value: JSONValue
            var amount: Int
            switch discount.value {
            case .percentage(let percent):
                amount = percent.percent(of: subtotal)
                value = ["__typename": "PricingPercentageValue", "percentage": .double(percent.doubleValue)]
            case .fixedAmount(let cents):
                amount = prices.convert(cents)
                var money = prices.money(converted: amount).objectValue ?? JSONObject()
                money["__typename"] = "MoneyV2"
                value = .object(money)
            }
            amount = min(amount, remaining)
            remaining -= amount
            allocations.append([
                "__typename": "CartCodeDiscountAllocation",
                "code": .string(code),
                "discountApplication": [
                    "allocationMethod": "ACROSS", "targetSelection": "ALL", "targetType": "LINE_ITEM", "value": value,
                ],
                "discountedAmount": prices.money(converted: amount),
                "targetType": "LINE_ITEM",
            ])
        }
        discountAllocations = allocations
        discountTotal = subtotal - remaining
        if shipping, let handle = state.selectedDeliveryOption, let option = catalog.deliveryOption(handle: handle) {
            deliveryCost = prices.convert(option.priceCents)
        } else {
            deliveryCost = 0
        }
        (appliedGiftCards, giftCardTotal) = Self.giftCards(
            state, catalog: catalog, prices: prices, due: subtotal - discountTotal + deliveryCost
        )
    }

    /// The applied gift cards, each paying what it can of what is still due, in order of
    /// application. `amountUsed` and `balance` (what is left on the card after this
    /// checkout) are in the card's currency, the shop's; `presentmentAmountUsed` in the
    /// cart's.
    static func giftCards(_ state: CartState, catalog: ShopCatalog, prices: PriceContext, due: Int) -> ([JSONValue], Int) {
        var remaining = max(0, due)
        var cards: [JSONValue] = []
        for card in state.giftCards {
            guard let entry = catalog.giftCard(code: card.code) else { continue }
            let available = prices.convert(entry.balanceCents)
            let used = min(available, remaining)
            remaining -= used
            var usedShop = used
            if let rate = prices.rate, rate.units > 0 {
                usedShop = used == available ? entry.balanceCents : DecimalNumber.divideRounding(used * rate.divisor, by: rate.units)
            }
            cards.append([
                "__typename": "AppliedGiftCard",
                "amountUsed": Money.json(usedShop, catalog.currencyCode),
                "balance": Money.json(entry.balanceCents - usedShop, catalog.currencyCode),
                "id": .string(state.giftCardID(card.number)),
                "lastCharacters": .string(entry.lastCharacters),
                "presentmentAmountUsed": prices.money(converted: used),
            ])
        }
        return (cards, max(0, due) - remaining)
    }

    var id: String { state.id }
    /// What the buyer pays: subtotal less discounts plus delivery, less gift cards.
    var total: Int { subtotal - discountTotal + deliveryCost - giftCardTotal }
    /// The total before gift cards pay their part.
    var totalBeforeGiftCards: Int { subtotal - discountTotal + deliveryCost }

    /// Each line's share of the cart's discounts, in proportion to its subtotal (the last
    /// line takes what rounding leaves), in the order of `lines`.
    var lineDiscounts: [Int] {
        guard subtotal > 0 else { return lines.map { _ in 0 } }
        var left = discountTotal
        return lines.enumerated().map { index, line in
            let share = index == lines.count - 1 ? left : min(left, DecimalNumber.divideRounding(discountTotal * line.subtotal, by: subtotal))
            left -= share
            return share
        }
    }
    var checkoutUrl: String { "\(catalog.primaryURL)/cart/c/\(state.token)?key=\(state.key)" }

    /// `CartCost`: no taxes or duties; `totalAmount` is the subtotal less discounts plus
    /// the selected delivery option.
    var costJSON: JSONValue {
        var cost = JSONObject(minimumCapacity: 9)
        cost["checkoutChargeAmount"] = prices.money(converted: subtotal - discountTotal)
        cost["subtotalAmount"] = prices.money(converted: subtotal)
        cost["subtotalAmountEstimated"] = false
        cost["totalAmount"] = prices.money(converted: total)
        cost["totalAmountEstimated"] = false
        cost["totalDutyAmount"] = .null
        cost["totalDutyAmountEstimated"] = false
        cost["totalTaxAmount"] = .null
        cost["totalTaxAmountEstimated"] = false
        return .object(cost)
    }

    var discountCodesJSON: JSONValue {
        .array(state.discountCodes.map { ["applicable": .bool(catalog.discountCode($0) != nil), "code": .string($0)] })
    }

    var attributesJSON: JSONValue { .array(state.attributes.map(\.json)) }

    /// The `Metafield` named `namespace` and `key` (`namespace.key` or a bare key in
    /// `custom` when `namespace` is nil), or nil.
    func metafieldJSON(key: String, namespace: String?) -> JSONValue? {
        let name = CartEditor.metafieldName(key, namespace: namespace)
        return state.metafields.first { $0.namespace == name.namespace && $0.key == name.key }.map(metafieldJSON)
    }

    func metafieldJSON(_ field: CartState.Metafield) -> JSONValue {
        [
            "__typename": "Metafield",
            "createdAt": .string(field.createdAt),
            "description": .null,
            "id": .string(state.metafieldID(field.number)),
            "key": .string(field.key),
            "namespace": .string(field.namespace),
            "type": .string(field.type),
            "updatedAt": .string(field.updatedAt),
            "value": .string(field.value),
        ]
    }

    var buyerIdentityJSON: JSONValue {
        let buyer = state.buyerIdentity
        return [
            "countryCode": buyer.countryCode.map(JSONValue.string) ?? .null,
            "customer": buyer.customerAccessToken.flatMap(catalog.customer(accessToken:))?.json ?? .null,
            "email": buyer.email.map(JSONValue.string) ?? .null,
            "phone": buyer.phone.map(JSONValue.string) ?? .null,
            "preferences": buyer.preferences,
        ]
    }

    /// `CartSelectableAddress` objects.
    func addressesJSON(selectedOnly: Bool) -> JSONValue {
        .array(state.addresses.filter { !selectedOnly || $0.selected }.map { address in
            [
                "address": .object(Self.deliveryAddress(address.fields)),
                "id": .string(state.addressID(address.number)),
                "oneTimeUse": .bool(address.oneTimeUse),
                "selected": .bool(address.selected),
            ]
        })
    }

    static let addressKeys = ["address1", "address2", "city", "company", "countryCode", "firstName", "lastName", "phone", "provinceCode", "zip"]

    /// A `CartDeliveryAddress` from a `CartDeliveryAddressInput`.
    static func deliveryAddress(_ fields: JSONObject) -> JSONObject {
        var object = JSONObject()
        object["__typename"] = "CartDeliveryAddress"
        for key in addressKeys { object[key] = fields[key] ?? .null }
        object["formattedArea"] = formattedArea(fields)
        object["latitude"] = .null
        object["longitude"] = .null
        object["name"] = name(fields)
        return object
    }

    /// The `MailingAddress` of the delivery group: the selected delivery address, else the
    /// first, else one holding just the buyer's (or the shop's) country.
    var deliveryGroupAddress: JSONValue {
        let address = state.addresses.first(where: \.selected) ?? state.addresses.first
        let fields = address?.fields ?? JSONObject([("countryCode", .string(state.buyerIdentity.countryCode ?? catalog.countryCode))])
        var object = JSONObject()
        object["__typename"] = "MailingAddress"
        for key in ["address1", "address2", "city", "company", "firstName", "lastName", "phone", "provinceCode", "zip"] {
            object[key] = fields[key] ?? .null
        }
        object["country"] = .null
        object["countryCode"] = fields["countryCode"] ?? .null
        object["countryCodeV2"] = fields["countryCode"] ?? .null
        object["formattedArea"] = Self.formattedArea(fields)
        object["id"] = .string(state.mailingAddressID(address?.number ?? 0))
        object["latitude"] = .null
        object["longitude"] = .null
        object["name"] = Self.name(fields)
        object["province"] = .null
        return .object(object)
    }

    static func name(_ fields: JSONObject) -> JSONValue {
        let parts = [fields["firstName"]?.stringValue, fields["lastName"]?.stringValue].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? .null : .string(parts.joined(separator: " "))
    }

    static func formattedArea(_ fields: JSONObject) -> JSONValue {
        let parts = [fields["city"]?.stringValue, fields["provinceCode"]?.stringValue, fields["countryCode"]?.stringValue]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? .null : .string(parts.joined(separator: ", "))
    }

    /// `formatted(withCompany:withName:)` of an address object.
    static func formatted(_ address: JSONObject, withCompany: Bool, withName: Bool) -> [String] {
        var lines: [String] = []
        func text(_ key: String) -> String? {
            guard let value = address[key]?.stringValue, !value.isEmpty else { return nil }
            return value
        }
        if withName, let name = address["name"]?.stringValue { lines.append(name) }
        if withCompany, let company = text("company") { lines.append(company) }
        if let line = text("address1") { lines.append(line) }
        if let line = text("address2") { lines.append(line) }
        let area = [text("city"), [text("provinceCode"), text("zip")].compactMap { $0 }.joined(separator: " ")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        if !area.isEmpty { lines.append(area) }
        if let country = text("country") ?? text("countryCode") { lines.append(country) }
        return lines
    }

    /// The `CartDeliveryOption` objects offered.
    var deliveryOptionsJSON: [JSONValue] {
        catalog.deliveryOptions.map(optionJSON)
    }

    func optionJSON(_ option: DeliveryOptionEntry) -> JSONValue {
        [
            "code": option.code.map(JSONValue.string) ?? .null,
            "deliveryMethodType": .string(option.deliveryMethodType),
            "description": option.description.map(JSONValue.string) ?? .null,
            "estimatedCost": prices.money(option.priceCents),
            "handle": .string(option.handle),
            "title": .string(option.title),
        ]
    }

    var selectedDeliveryOptionJSON: JSONValue {
        guard hasDeliveryGroup, let handle = state.selectedDeliveryOption, let option = catalog.deliveryOption(handle: handle) else {
            return .null
        }
        return optionJSON(option)
    }
}

/// One line of a `CartView`: a `CartLine`, or a `ComponentizableCartLine` when its
/// variant is a bundle.
final class CartLineView: Sendable {
    let line: CartState.Line
    let id: String
    let variant: VariantNode
    let prices: PriceContext
    let unit: Int
    let subtotal: Int
    /// The line it is nested under (`parentRelationship`).
    let parent: CartLineView?
    /// A bundle's `lineComponents`; empty for other lines.
    let components: [CartLineView]
    /// Whether it is a component of a bundle line (it cannot be changed by itself).
    let isComponent: Bool

    init(
        line: CartState.Line, id: String, variant: VariantNode, prices: PriceContext, parent: CartLineView? = nil,
        bundle: BundleEntry? = nil, catalog: ShopCatalog? = nil, cartToken: String = ""
    ) {
        self.line = line
        self.id = id
        self.variant = variant
        self.prices = prices
        self.parent = parent
        let unit = prices.convert(variant.priceCents)
        self.unit = unit
        subtotal = unit * line.quantity
        isComponent = false
        if let bundle, let catalog {
            components = Self.components(of: line, bundle: bundle, unit: unit, catalog: catalog, prices: prices, cartToken: cartToken)
        } else {
            components = []
        }
    }

    /// A bundle component: its cost is its share of the bundle's.
    private init(component line: CartState.Line, id: String, variant: VariantNode, prices: PriceContext, unit: Int, subtotal: Int) {
        self.line = line
        self.id = id
        self.variant = variant
        self.prices = prices
        self.unit = unit
        self.subtotal = subtotal
        parent = nil
        components = []
        isComponent = true
    }

    /// The component lines of a bundle line: each component's quantity is its quantity per
    /// bundle times the line's, and the bundle's unit price is shared out in proportion to
    /// the components' own prices (rounded half up, the last takes the rest), so the
    /// components' costs add up to the bundle line's.
    static func components(
        of line: CartState.Line, bundle: BundleEntry, unit: Int, catalog: ShopCatalog, prices: PriceContext, cartToken: String
    ) -> [CartLineView] {
        let parts = bundle.components.compactMap { part in catalog.variant(id: part.variantID).map { ($0, part.quantity) } }
        let weights = parts.map { prices.convert($0.0.priceCents) * $0.1 }
        let totalWeight = weights.reduce(0, +)
        var left = unit
        return parts.enumerated().map { index, part in
            let (variant, quantity) = part
            let share: Int
            if index == parts.count - 1 {
                share = left
            } else if totalWeight > 0 {
                share = DecimalNumber.divideRounding(unit * weights[index], by: totalWeight)
            } else {
                share = unit / parts.count
            }
            left -= share
            return CartLineView(
                component: CartState.Line(number: line.number, variantID: variant.id, quantity: quantity * line.quantity, attributes: []),
                id: "gid://shopify/CartLine/\(line.number)-\(index + 1)?cart=\(cartToken)", variant: variant, prices: prices,
                unit: DecimalNumber.divideRounding(share, by: quantity), subtotal: share * line.quantity
            )
        }
    }

    /// The `__typename` of the line.
    var typeName: String { components.isEmpty ? "CartLine" : "ComponentizableCartLine" }

    var costJSON: JSONValue {
        var cost = JSONObject(minimumCapacity: 4)
        cost["amountPerQuantity"] = prices.money(converted: unit)
        cost["compareAtAmountPerQuantity"] = isComponent ? .null : variant.compareAtPriceCents.map { prices.money($0) } ?? .null
        let subtotalMoney = prices.money(converted: subtotal)
        cost["subtotalAmount"] = subtotalMoney
        cost["totalAmount"] = subtotalMoney
        return .object(cost)
    }

    var attributesJSON: JSONValue { .array(line.attributes.map(\.json)) }

    /// `CartLineInstructions`: a bundle's components cannot be removed or changed alone.
    var instructionsJSON: JSONValue { ["canRemove": .bool(!isComponent), "canUpdateQuantity": .bool(!isComponent)] }
}

/// The delivery group of a cart (one, holding the lines that need shipping).
final class DeliveryGroupView: Sendable {
    let cart: CartView

    init(cart: CartView) { self.cart = cart }

    var lines: [CartLineView] { cart.lines.filter { $0.variant.requiresShipping } }
}
