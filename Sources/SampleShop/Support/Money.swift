import BuyflowCore

/// Money amounts in cents (hundredths of the currency unit): every amount the shop shows
/// has two decimals, `"89.00"`.
enum Money {
    /// Parses a catalog amount (`"89.00"`, `"12"`, `"6.5"`; at most two decimals, not
    /// negative) into cents.
    static func cents(_ text: String) -> Int? {
        guard let number = DecimalNumber(text), number.units >= 0, number.scale <= 2 else { return nil }
        return number.scale == 2 ? number.units : number.units * (number.scale == 1 ? 10 : 100)
    }

    /// `8900` → `"89.00"`.
    static func format(_ cents: Int) -> String {
        let magnitude = abs(cents)
        let fraction = magnitude % 100
        return (cents < 0 ? "-" : "") + String(magnitude / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// A `MoneyV2` object.
    static func json(_ cents: Int, _ currencyCode: String) -> JSONValue {
        var object = JSONObject(minimumCapacity: 2)
        object["amount"] = .string(format(cents))
        object["currencyCode"] = .string(currencyCode)
        return .object(object)
    }
}

extension JSONObject {
    /// `{"code": code}`: the `extensions` of an error.
    static func code(_ code: String) -> JSONObject {
        JSONObject([("code", .string(code))])
    }
}
