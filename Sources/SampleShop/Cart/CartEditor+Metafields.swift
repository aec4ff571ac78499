import BuyflowCore

/// Cart metafields: `cartMetafieldsSet`, `cartMetafieldDelete`, `CartInput.metafields`.
/// A key is `namespace.key` (split at the first dot) or a bare `key` in the namespace
/// `custom`; the namespace has 3 to 255 characters, the key 2 to 64.
extension CartEditor {
    static let defaultMetafieldNamespace = "custom"
    /// The most metafields a cart holds.
    static let metafieldLimit = 100

    /// The metafield types a cart takes (those of Shopify's metafield definitions a cart
    /// can carry without a reference).
    static let metafieldTypes: Set<String> = [
        "boolean", "color", "date", "date_time", "dimension", "json", "money", "multi_line_text_field",
        "number_decimal", "number_integer", "rating", "rich_text_field", "single_line_text_field", "url", "volume", "weight",
    ]

    /// A problem with one metafield input: a `MetafieldsSetUserErrorCode` and the input
    /// member at fault.
    struct MetafieldProblem: Sendable {
        var code: String
        var message: String
        var member: String
    }

    /// `namespace.key` or `key` → (namespace, key).
    static func metafieldName(_ key: String, namespace: String? = nil) -> (namespace: String, key: String) {
        if let namespace { return (namespace, key) }
        guard let dot = key.firstIndex(of: ".") else { return (defaultMetafieldNamespace, key) }
        return (String(key[..<dot]), String(key[key.index(after: dot)...]))
    }

    /// Checks a metafield's key, type and value.
    static func metafieldProblem(key: String, type: String, value: String) -> MetafieldProblem? {
        let name = metafieldName(key)
        if key.isEmpty || name.key.isEmpty { return MetafieldProblem(code: "BLANK", message: "Key can't be blank.", member: "key") }
        if name.namespace.count < 3 {
            return MetafieldProblem(code: "TOO_SHORT", message: "Namespace is too short (minimum is 3 characters).", member: "key")
        }
        if name.namespace.count > 255 {
            return MetafieldProblem(code: "TOO_LONG", message: "Namespace is too long (maximum is 255 characters).", member: "key")
        }
        if name.key.count < 2 { return MetafieldProblem(code: "TOO_SHORT", message: "Key is too short (minimum is 2 characters).", member: "key") }
        if name.key.count > 64 { return MetafieldProblem(code: "TOO_LONG", message: "Key is too long (maximum is 64 characters).", member: "key") }
        guard metafieldTypes.contains(type) else {
            return MetafieldProblem(code: "INVALID_TYPE", message: "Type '\(type)' is not a metafield type a cart takes.", member: "type")
        }
        if value.isEmpty { return MetafieldProblem(code: "BLANK", message: "Value can't be blank.", member: "value") }
        if value.count > 65_535 { return MetafieldProblem(code: "TOO_LONG", message: "Value is too long (maximum is 65535 characters).", member: "value") }
        guard valueMatches(value, type: type) else {
            return MetafieldProblem(code: "INVALID_VALUE", message: "Value '\(value.prefix(40))' is not valid for type \(type).", member: "value")
        }
        return nil
    }

    static func valueMatches(_ value: String, type: String) -> Bool {
        switch type {
        case "boolean": return value == "true" || value == "false"
        case "number_integer": return Int(value) != nil
        case "number_decimal": return DecimalNumber(value) != nil
        case "single_line_text_field": return !value.contains("\n")
        case "json", "rich_text_field", "money", "dimension", "volume", "weight", "rating":
            return (try? JSONParser().parse(bytes: Array(value.utf8))) != nil
        case "date": return isDate(Substring(value))
        case "date_time": return value.count >= 19 && isDate(value.prefix(10)) && value.dropFirst(10).first == "T"
        case "url": return value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("mailto:") || value.hasPrefix("/")
        case "color":
            return value.count == 7 && value.first == "#" && value.dropFirst().allSatisfy(\.isHexDigit)
        default: return true
        }
    }

    private static func isDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
    }

    /// Sets (creates or updates) a metafield; false when the cart is full.
    static func setMetafield(key: String, type: String, value: String, on cart: inout CartState, now: String) -> Bool {
        let name = metafieldName(key)
        if let index = cart.metafields.firstIndex(where: { $0.namespace == name.namespace && $0.key == name.key }) {
            cart.metafields[index].type = type
            cart.metafields[index].value = value
            cart.metafields[index].updatedAt = now
            return true
        }
        guard cart.metafields.count < metafieldLimit else { return false }
        cart.metafields.append(CartState.Metafield(
            number: cart.nextMetafieldNumber, namespace: name.namespace, key: name.key, type: type, value: value, createdAt: now, updatedAt: now
        ))
        cart.nextMetafieldNumber += 1
        return true
    }

    /// `CartInput.metafields`: problems are `INVALID_METAFIELDS` cart user errors.
    func setMetafields(_ value: JSONValue?, on cart: inout CartState, field: [String], now: String) -> [CartProblem] {
        var problems: [CartProblem] = []
        for (index, item) in (value?.arrayValue ?? []).enumerated() {
            let key = item["key"]?.stringValue ?? ""
            let type = item["type"]?.stringValue ?? ""
            let text = item["value"]?.stringValue ?? ""
            if let problem = Self.metafieldProblem(key: key, type: type, value: text) {
                problems.append(.error("INVALID_METAFIELDS", problem.message, field: field + [String(index), problem.member]))
            } else if !Self.setMetafield(key: key, type: type, value: text, on: &cart, now: now) {
                problems.append(.error("INVALID_METAFIELDS", "A cart holds at most \(Self.metafieldLimit) metafields.", field: field + [String(index)]))
            }
        }
        return problems
    }
}
