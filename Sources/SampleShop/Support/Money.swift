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
        // Written digit by digit from the right into one buffer (no intermediate strings).
        var magnitude = cents.magnitude
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var end = buffer.count
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            for _ in 0..<2 {
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            }
            put(UInt8(ascii: "."))
            repeat {
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if cents < 0 { put(UInt8(ascii: "-")) }
            let count = buffer.count - end
            for index in 0..<count { buffer[index] = buffer[end + index] }
            return count
        }
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
