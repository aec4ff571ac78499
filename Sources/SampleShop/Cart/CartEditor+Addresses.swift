import BuyflowCore

/// The cart's selectable delivery addresses: `cartDeliveryAddressesAdd`, `…Update`,
/// `…Replace`, `…Remove` and `CartInput.delivery.addresses`. At most one address is
/// selected: selecting one deselects the others, and an input selecting two is an error.
extension CartEditor {
    /// The most addresses a cart holds (`TOO_MANY_DELIVERY_ADDRESSES` beyond).
    static let addressLimit = 20
    /// The longest address field (`ADDRESS_FIELD_IS_TOO_LONG` beyond).
    static let addressFieldLimit = 255

    /// `cartDeliveryAddressesAdd` and `cartCreate`'s `delivery.addresses`.
    func addAddresses(_ value: JSONValue?, to cart: inout CartState, field: [String]) -> [CartProblem] {
        guard case .array(let items)? = value else { return [] }
        var problems = selectionProblems(items, field: field)
        for (index, item) in items.enumerated() {
            let path = field + [String(index)]
            let fields: JSONObject
            switch deliveryAddress(item["address"], field: path + ["address"]) {
            case .success(let parsed): fields = parsed
            case .failure(let problem):
                problems.append(problem)
                continue
            }
            let selected = item["selected"]?.boolValue ?? false
            if selected { for i in cart.addresses.indices { cart.addresses[i].selected = false } }
            cart.addresses.append(CartState.Address(
                number: cart.nextAddressNumber, fields: fields, selected: selected, oneTimeUse: item["oneTimeUse"]?.boolValue ?? false
            ))
            cart.nextAddressNumber += 1
        }
        if cart.addresses.count > Self.addressLimit {
            problems.append(.error("TOO_MANY_DELIVERY_ADDRESSES", "A cart holds at most \(Self.addressLimit) delivery addresses.", field: field))
        }
        return problems
    }

    /// `cartDeliveryAddressesReplace`: the given addresses replace all of the cart's.
    func replaceAddresses(_ value: JSONValue?, on cart: inout CartState, field: [String]) -> [CartProblem] {
        cart.addresses = []
        return addAddresses(value, to: &cart, field: field)
    }

    /// `cartDeliveryAddressesUpdate`: the members given replace those of the address `id`.
    func updateAddresses(_ value: JSONValue?, in cart: inout CartState, field: [String]) -> [CartProblem] {
        guard case .array(let items)? = value else { return [] }
        var problems = selectionProblems(items, field: field)
        for (index, item) in items.enumerated() {
            let path = field + [String(index)]
            let id = item["id"]?.stringValue ?? ""
            guard let number = cart.number(in: id, type: "CartSelectableAddress"),
                  let position = cart.addresses.firstIndex(where: { $0.number == number }) else {
                problems.append(.error("INVALID_DELIVERY_ADDRESS_ID", "The delivery address with id \(id) does not exist.", field: path + ["id"]))
                continue
            }
            if let address = item["address"], address != .null {
                switch deliveryAddress(address, field: path + ["address"]) {
                case .success(let fields): cart.addresses[position].fields = fields
                case .failure(let problem): problems.append(problem)
                }
            }
            if let oneTimeUse = item["oneTimeUse"]?.boolValue { cart.addresses[position].oneTimeUse = oneTimeUse }
            if let selected = item["selected"]?.boolValue {
                if selected { for i in cart.addresses.indices { cart.addresses[i].selected = false } }
                cart.addresses[position].selected = selected
            }
        }
        return problems
    }

    /// `cartDeliveryAddressesRemove`.
    func removeAddresses(_ ids: [JSONValue], from cart: inout CartState) -> [CartProblem] {
        var problems: [CartProblem] = []
        var numbers: Set<Int> = []
        for (index, value) in ids.enumerated() {
            let id = value.stringValue ?? ""
            guard let number = cart.number(in: id, type: "CartSelectableAddress"), cart.addresses.contains(where: { $0.number == number }) else {
                problems.append(.error("INVALID_DELIVERY_ADDRESS_ID", "The delivery address with id \(id) does not exist.", field: ["addressIds", String(index)]))
                continue
            }
            numbers.insert(number)
        }
        cart.addresses.removeAll { numbers.contains($0.number) }
        return problems
    }

    /// `ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED` when the input selects more than one.
    private func selectionProblems(_ items: [JSONValue], field: [String]) -> [CartProblem] {
        items.filter { $0["selected"]?.boolValue == true }.count > 1
            ? [.error("ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED", "Only one delivery address can be selected.", field: field)]
            : []
    }

    /// The fields of a `CartAddressInput`'s `deliveryAddress`, checked.
    private func deliveryAddress(_ value: JSONValue?, field: [String]) -> Result<JSONObject, CartProblem> {
        if let copied = value?["copyFromCustomerAddressId"]?.stringValue {
            return .failure(.error("INVALID_DELIVERY_ADDRESS_ID", "The customer address with id \(copied) does not exist.",
                                   field: field + ["copyFromCustomerAddressId"]))
        }
        guard case .object(let address)? = value?["deliveryAddress"] else {
            return .failure(.error("INVALID", "A delivery address needs address.deliveryAddress.", field: field))
        }
        for key in CartView.addressKeys {
            guard let text = address[key]?.stringValue else { continue }
            let path = field + ["deliveryAddress", key]
            if text.count > Self.addressFieldLimit {
                return .failure(.error("ADDRESS_FIELD_IS_TOO_LONG", "\(key) must be at most \(Self.addressFieldLimit) characters.", field: path))
            }
            if text.contains("<"), text.contains(">") {
                return .failure(.error("ADDRESS_FIELD_CONTAINS_HTML_TAGS", "\(key) must not contain HTML tags.", field: path))
            }
        }
        return .success(address)
    }
}
