import BuyflowCore

/// The rules of the cart mutations, applied to a cart value. Each edit is all or nothing:
/// the caller applies it to a copy and keeps the copy only when there are no user errors.
struct CartEditor: Sendable {
    /// The longest note a cart takes (`NOTE_TOO_LONG` beyond).
    static let noteLimit = 5_000
    /// The most lines a cart holds (`CART_TOO_LARGE` beyond).
    static let lineLimit = 500

    let catalog: ShopCatalog

    // MARK: - Lines

    /// `cartLinesAdd` (and `cartCreate`'s lines): a line of the same variant, attributes and
    /// parent grows instead of a new line being added. Lines with a `parent` are added after
    /// the others, so `parent.merchandiseId` can name a line added by the same call.
    func addLines(_ inputs: [JSONValue], to cart: inout CartState, field: [String]) -> [CartProblem] {
        var problems: [CartProblem] = []
        /// Top-level lines added by this call, by variant: what `parent.merchandiseId` names.
        var added: [String: Int] = [:]
        let numbered = Array(inputs.enumerated())
        let ordered = numbered.filter { ($0.element["parent"] ?? .null) == .null } + numbered.filter { ($0.element["parent"] ?? .null) != .null }
        for (index, input) in ordered {
            let path = field + [String(index)]
            let merchandiseID = input["merchandiseId"]?.stringValue ?? ""
            guard let variant = catalog.variant(id: merchandiseID) else {
                problems.append(.error("INVALID_MERCHANDISE_LINE", "The merchandise with id \(merchandiseID) does not exist.", field: path + ["merchandiseId"]))
                continue
            }
            let quantity = input["quantity"]?.intValue ?? 1
            guard quantity >= 1 else {
                problems.append(.error("INVALID", "The quantity must be at least 1, found \(quantity).", field: path + ["quantity"]))
                continue
            }
            var parentNumber: Int?
            if case .object(let parent)? = input["parent"] {
                switch parentLine(parent, of: variant, in: cart, added: added, field: path + ["parent"]) {
                case .success(let number): parentNumber = number
                case .failure(let problem):
                    problems.append(problem)
                    continue
                }
            }
            let attributes = Self.attributes(input["attributes"])
            if let existing = cart.lines.firstIndex(where: {
                $0.variantID == variant.id && $0.attributes == attributes && $0.parentNumber == parentNumber
            }) {
                cart.lines[existing].quantity += quantity
                if parentNumber == nil { added[variant.id] = cart.lines[existing].number }
            } else {
                guard cart.lines.count < Self.lineLimit else {
                    problems.append(.error("CART_TOO_LARGE", "A cart holds at most \(Self.lineLimit) lines.", field: path))
                    continue
                }
                cart.lines.append(CartState.Line(
                    number: cart.nextLineNumber, variantID: variant.id, quantity: quantity, attributes: attributes, parentNumber: parentNumber
                ))
                if parentNumber == nil { added[variant.id] = cart.nextLineNumber }
                cart.nextLineNumber += 1
            }
            if let problem = stockProblem(variant, in: cart, field: path + ["quantity"]) { problems.append(problem) }
        }
        return problems
    }

    /// The line a `CartLineParentInput` names: an existing line by `lineId`, or a line this
    /// call adds by `merchandiseId`. Lines nest one level, and bundles take no children.
    func parentLine(
        _ parent: JSONObject, of child: VariantNode, in cart: CartState, added: [String: Int], field: [String]
    ) -> Result<Int, CartProblem> {
        var number: Int?
        if let lineID = parent["lineId"]?.stringValue {
            guard let index = cart.lineIndex(id: lineID) else {
                return .failure(.error("PARENT_LINE_NOT_FOUND", "The parent line with id \(lineID) does not exist.", field: field + ["lineId"]))
            }
            number = cart.lines[index].number
        } else if let merchandiseID = parent["merchandiseId"]?.stringValue {
            guard let found = added[merchandiseID] else {
                if cart.lines.contains(where: { $0.variantID == merchandiseID }) {
                    return .failure(.error("PARENT_LINE_INVALID_REFERENCE",
                                           "An existing parent line must be named by lineId; merchandiseId names a line added by the same call.",
                                           field: field + ["merchandiseId"]))
                }
                return .failure(.error("PARENT_LINE_NOT_FOUND", "No line of the merchandise \(merchandiseID) is added by this call.",
                                       field: field + ["merchandiseId"]))
            }
            number = found
        }
        guard let number, let line = cart.lines.first(where: { $0.number == number }) else {
            return .failure(.error("INVALID", "A parent needs lineId or merchandiseId.", field: field))
        }
        if line.parentNumber != nil {
            return .failure(.error("PARENT_LINE_NESTING_TOO_DEEP", "The parent line is itself nested; lines nest one level.", field: field))
        }
        if catalog.bundle(variantID: line.variantID) != nil || catalog.bundle(variantID: child.id) != nil {
            return .failure(.error("BUNDLES_AND_ADDONS_CANNOT_BE_MIXED", "A bundle cannot have nested lines or be one.", field: field))
        }
        return .success(number)
    }

    /// `cartLinesUpdate`: quantity, merchandise and attributes of existing lines; a
    /// quantity of 0 removes the line (as on Shopify).
    func updateLines(_ inputs: [JSONValue], in cart: inout CartState) -> [CartProblem] {
        var problems: [CartProblem] = []
        var removed: Set<Int> = []
        for (index, input) in inputs.enumerated() {
            let path = ["lines", String(index)]
            let lineID = input["id"]?.stringValue ?? ""
            guard let lineIndex = cart.lineIndex(id: lineID), !removed.contains(cart.lines[lineIndex].number) else {
                problems.append(.error("INVALID", "The merchandise line with id \(lineID) does not exist.", field: path + ["id"]))
                continue
            }
            if let merchandiseID = input["merchandiseId"]?.stringValue {
                guard catalog.variant(id: merchandiseID) != nil else {
                    problems.append(.error("INVALID_MERCHANDISE_LINE", "The merchandise with id \(merchandiseID) does not exist.", field: path + ["merchandiseId"]))
                    continue
                }
                cart.lines[lineIndex].variantID = merchandiseID
            }
            if let value = input["quantity"], value != .null {
                let quantity = value.intValue ?? -1
                if quantity < 0 {
                    problems.append(.error("INVALID", "The quantity must not be negative, found \(quantity).", field: path + ["quantity"]))
                    continue
                }
                if quantity == 0 { removed.insert(cart.lines[lineIndex].number) }
                cart.lines[lineIndex].quantity = quantity
            }
            if let value = input["attributes"], value != .null {
                cart.lines[lineIndex].attributes = Self.attributes(value)
            }
            if let variant = catalog.variant(id: cart.lines[lineIndex].variantID), cart.lines[lineIndex].quantity > 0,
               let problem = stockProblem(variant, in: cart, field: path + ["quantity"]) {
                problems.append(problem)
            }
        }
        Self.removeLines(numbered: removed, from: &cart)
        return problems
    }

    /// Removes lines and the lines nested under them.
    static func removeLines(numbered numbers: Set<Int>, from cart: inout CartState) {
        cart.lines.removeAll { numbers.contains($0.number) || $0.parentNumber.map(numbers.contains) == true }
    }

    /// `cartLinesRemove` (a parent line takes its nested lines with it).
    func removeLines(_ ids: [JSONValue], from cart: inout CartState) -> [CartProblem] {
        var problems: [CartProblem] = []
        var numbers: Set<Int> = []
        for (index, value) in ids.enumerated() {
            let lineID = value.stringValue ?? ""
            guard let lineIndex = cart.lineIndex(id: lineID) else {
                problems.append(.error("INVALID", "The merchandise line with id \(lineID) does not exist.", field: ["lineIds", String(index)]))
                continue
            }
            numbers.insert(cart.lines[lineIndex].number)
        }
        Self.removeLines(numbered: numbers, from: &cart)
        return problems
    }

    /// `MAXIMUM_EXCEEDED` when the cart holds more of a variant than is in stock.
    func stockProblem(_ variant: VariantNode, in cart: CartState, field: [String]) -> CartProblem? {
        guard let limit = variant.stockLimit else { return nil }
        let total = cart.lines.filter { $0.variantID == variant.id }.reduce(0) { $0 + $1.quantity }
        guard total > limit else { return nil }
        let product = catalog.product(of: variant)
        let name = variant.title == "Default Title" ? product.text.title : "\(product.text.title) (\(variant.title))"
        return .error("MAXIMUM_EXCEEDED", "You can only add \(limit) of \(name) to the cart; it would hold \(total).", field: field)
    }

    /// Warnings for lines holding merchandise that is not for sale.
    func stockWarnings(_ cart: CartState) -> [CartProblem] {
        cart.lines.compactMap { line in
            guard let variant = catalog.variant(id: line.variantID), !variant.availableForSale else { return nil }
            let product = catalog.product(of: variant)
            return .warning("MERCHANDISE_OUT_OF_STOCK", "\(product.text.title) (\(variant.title)) is sold out.", target: cart.lineID(line.number))
        }
    }

    static func attributes(_ value: JSONValue?) -> [CartState.Attribute] {
        guard case .array(let items)? = value else { return [] }
        var result: [CartState.Attribute] = []
        for item in items {
            guard let key = item["key"]?.stringValue else { continue }
            let value = item["value"]?.stringValue ?? ""
            if let existing = result.firstIndex(where: { $0.key == key }) {
                result[existing].value = value
            } else {
                result.append(CartState.Attribute(key: key, value: value))
            }
        }
        return result
    }

    // MARK: - Cart fields

    /// `cartAttributesUpdate`: replaces the cart's attributes.
    func setAttributes(_ value: JSONValue?, on cart: inout CartState, field: [String]) -> [CartProblem] {
        var problems: [CartProblem] = []
        if case .array(let items)? = value {
            for (index, item) in items.enumerated() where (item["key"]?.stringValue ?? "").isEmpty {
                problems.append(.error("INVALID", "An attribute key must not be empty.", field: field + [String(index), "key"]))
            }
        }
        cart.attributes = Self.attributes(value)
        return problems
    }

    /// `cartNoteUpdate`.
    func setNote(_ note: String?, on cart: inout CartState, field: [String]) -> [CartProblem] {
        if let note, note.count > Self.noteLimit {
            return [.error("NOTE_TOO_LONG", "The note must be at most \(Self.noteLimit) characters; it has \(note.count).", field: field)]
        }
        cart.note = note
        return []
    }

    /// `cartDiscountCodesUpdate`: replaces the codes (an empty list removes them all).
    /// Codes the catalog does not know stay on the cart with `applicable: false`.
    func setDiscountCodes(_ value: JSONValue?, on cart: inout CartState) -> [CartProblem] {
        var codes: [String] = []
        if case .array(let items)? = value {
            for item in items {
                guard let code = item.stringValue?.trimmingSpaces, !code.isEmpty,
                      !codes.contains(where: { $0.uppercased() == code.uppercased() }) else { continue }
                codes.append(code)
            }
        }
        cart.discountCodes = codes
        return []
    }

    func discountWarnings(_ cart: CartState) -> [CartProblem] {
        cart.discountCodes.compactMap { code in
            catalog.discountCode(code) == nil
                ? .warning("DISCOUNT_NOT_FOUND", "The discount code \(code) does not exist.", target: cart.id) : nil
        }
    }

    /// `cartBuyerIdentityUpdate` (and `cartCreate`'s `buyerIdentity`): the given members
    /// replace the cart's.
    func setBuyerIdentity(_ value: JSONValue?, on cart: inout CartState, field: [String]) -> [CartProblem] {
        guard case .object(let input)? = value else { return [] }
        var problems: [CartProblem] = []
        if let member = input["countryCode"] { cart.buyerIdentity.countryCode = member.stringValue }
        if let member = input["email"] {
            if let email = member.stringValue, !Self.isEmail(email) {
                problems.append(.error("INVALID", "Email is invalid: \(email).", field: field + ["email"]))
            }
            cart.buyerIdentity.email = member.stringValue
        }
        if let member = input["phone"] {
            if let phone = member.stringValue, !Self.isPhone(phone) {
                problems.append(.error("INVALID", "Phone is invalid: \(phone); write it in E.164 form, e.g. +16135551111.", field: field + ["phone"]))
            }
            cart.buyerIdentity.phone = member.stringValue
        }
        if let member = input["customerAccessToken"] {
            if let token = member.stringValue {
                if let customer = catalog.customer(accessToken: token) {
                    cart.buyerIdentity.customerAccessToken = token
                    // The customer's contact fills what the input leaves out.
                    if input["email"] == nil, let email = customer.email { cart.buyerIdentity.email = email }
                    if input["phone"] == nil, let phone = customer.phone { cart.buyerIdentity.phone = phone }
                } else {
                    problems.append(.error("INVALID", "Customer is invalid", field: field + ["customerAccessToken"]))
                }
            } else {
                cart.buyerIdentity.customerAccessToken = nil
            }
        }
        if let member = input["companyLocationId"], member != .null {
            problems.append(cart.buyerIdentity.customerAccessToken == nil
                ? .error("MISSING_CUSTOMER_ACCESS_TOKEN", "The customer access token is required when setting a company location.", field: field + ["customerAccessToken"])
                : .error("INVALID_COMPANY_LOCATION", "Company location not found or not allowed: the sample shop has no companies.", field: field + ["companyLocationId"]))
        }
        if let member = input["preferences"] { cart.buyerIdentity.preferences = Self.preferences(member) }
        return problems
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && !parts[1].hasSuffix(".") && !text.contains(" ")
    }

    static func isPhone(_ text: String) -> Bool {
        guard text.hasPrefix("+") else { return false }
        let digits = text.dropFirst()
        return (7...15).contains(digits.count) && digits.allSatisfy(\.isASCIIDigit)
    }

    /// `CartPreferencesInput` → `CartPreferences`.
    static func preferences(_ input: JSONValue) -> JSONValue {
        guard case .object(let object) = input else { return .null }
        var delivery = JSONValue.null
        if case .object(let preference)? = object["delivery"] {
            var coordinates = JSONValue.null
            if case .object(let point)? = preference["coordinates"] {
                coordinates = [
                    "countryCode": point["countryCode"] ?? .null,
                    "latitude": point["latitude"] ?? .null,
                    "longitude": point["longitude"] ?? .null,
                ]
            }
            delivery = [
                "coordinates": coordinates,
                "deliveryMethod": preference["deliveryMethod"].flatMap { $0 == .null ? nil : $0 } ?? [],
                "pickupHandle": preference["pickupHandle"].flatMap { $0 == .null ? nil : $0 } ?? [],
            ]
        }
        return ["delivery": delivery, "wallet": object["wallet"] ?? .null]
    }

    // MARK: - Delivery

    /// Whether the cart has a delivery group: some line needs shipping.
    func hasDeliveryGroup(_ cart: CartState) -> Bool {
        cart.lines.contains { catalog.variant(id: $0.variantID)?.requiresShipping ?? false }
    }

    /// `cartSelectedDeliveryOptionsUpdate`.
    func selectDeliveryOptions(_ value: JSONValue?, on cart: inout CartState) -> [CartProblem] {
        guard case .array(let items)? = value else { return [] }
        var problems: [CartProblem] = []
        for (index, item) in items.enumerated() {
            let path = ["selectedDeliveryOptions", String(index)]
            let groupID = item["deliveryGroupId"]?.stringValue ?? ""
            guard groupID == cart.deliveryGroupID, hasDeliveryGroup(cart) else {
                problems.append(.error("INVALID_DELIVERY_GROUP", "The delivery group with id \(groupID) does not exist.", field: path + ["deliveryGroupId"]))
                continue
            }
            let handle = item["deliveryOptionHandle"]?.stringValue ?? ""
            guard catalog.deliveryOption(handle: handle) != nil else {
                problems.append(.error("INVALID_DELIVERY_OPTION", "The delivery option \(handle) does not exist.", field: path + ["deliveryOptionHandle"]))
                continue
            }
            cart.selectedDeliveryOption = handle
        }
        return problems
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
