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

    init(_ state: CartState, catalog: ShopCatalog, contextCountry: String?) {
        self.state = state
        self.catalog = catalog
        let prices = catalog.prices(country: state.buyerIdentity.countryCode ?? contextCountry)
        self.prices = prices
        var lines: [CartLineView] = []
        lines.reserveCapacity(state.lines.count)
        var subtotal = 0
        var shipping = false
        for line in state.lines {
            guard let variant = catalog.variant(id: line.variantID) else { continue }
            let view = CartLineView(line: line, id: state.lineID(line.number), variant: variant, prices: prices)
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
    }

    var id: String { state.id }
    var total: Int { subtotal - discountTotal + deliveryCost }
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

    var buyerIdentityJSON: JSONValue {
        let buyer = state.buyerIdentity
        return [
            "countryCode": buyer.countryCode.map(JSONValue.string) ?? .null,
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

/// One line of a `CartView`.
final class CartLineView: Sendable {
    let line: CartState.Line
    let id: String
    let variant: VariantNode
    let prices: PriceContext
    let unit: Int
    let subtotal: Int

    init(line: CartState.Line, id: String, variant: VariantNode, prices: PriceContext) {
        self.line = line
        self.id = id
        self.variant = variant
        self.prices = prices
        unit = prices.convert(variant.priceCents)
        subtotal = unit * line.quantity
    }

    var costJSON: JSONValue {
        var cost = JSONObject(minimumCapacity: 4)
        cost["amountPerQuantity"] = prices.money(converted: unit)
        cost["compareAtAmountPerQuantity"] = variant.compareAtPriceCents.map { prices.money($0) } ?? .null
        cost["subtotalAmount"] = prices.money(converted: subtotal)
        cost["totalAmount"] = prices.money(converted: subtotal)
        return .object(cost)
    }

    var attributesJSON: JSONValue { .array(line.attributes.map(\.json)) }
}

/// The delivery group of a cart (one, holding the lines that need shipping).
final class DeliveryGroupView: Sendable {
    let cart: CartView

    init(cart: CartView) { self.cart = cart }

    var lines: [CartLineView] { cart.lines.filter { $0.variant.requiresShipping } }
}
