import BuyflowCore

/// Exact decimal arithmetic for the evaluator: parsing with exponents, comparison,
/// addition and negation, each checked (nil on overflow, never a trap). Scales are
/// aligned in 128 bits, so any two decimals compare exactly.
extension DecimalNumber {
    /// The most decimals a value may carry.
    static let maximumScale = 18

    private static let powersOfTen: [Int128] = {
        var powers: [Int128] = [1]
        for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// Parses `-12`, `160.20`, `+3`, `1e-5`, `2.5E3` exactly; nil for anything else, for more than
    /// 36 significant digits, more than 18 decimals, or a value beyond `Int`'s units.
    static func exact(_ text: String) -> DecimalNumber? {
        var bytes = text.utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var mantissa: Int128 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var sawDigit = false
        var exponent = 0
        while let byte = bytes.first {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 36 else { return nil }
                mantissa = mantissa * 10 + Int128(byte - UInt8(ascii: "0"))
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard sawDigit, let value = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)), abs(value) <= 60 else { return nil }
                exponent = value
                bytes = bytes[bytes.endIndex...]
                break
            } else {
                return nil
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit, fractionDigits <= 40 else { return nil }
        var scale = fractionDigits - exponent
        if scale < 0 {
            guard -scale <= 38, let scaled = multiply(mantissa, byPowerOfTen: -scale) else { return nil }
            mantissa = scaled
            scale = 0
        }
        while scale > maximumScale, mantissa % 10 == 0 {
            mantissa /= 10
            scale -= 1
        }
        guard scale <= maximumScale else { return nil }
        return fitting(negative ? -mantissa : mantissa, scale: scale)
    }

    /// A JSON number as an exact decimal: an `Int` as is, a `Double` through its shortest text (`160.2`).
    static func exact(_ value: JSONValue) -> DecimalNumber? {
        switch value {
        case .int(let number): DecimalNumber(units: number, scale: 0)
        case .double(let number) where number.isFinite: exact(number.description)
        default: nil
        }
    }

    /// -1, 0 or 1, by value (`1.0` equals `1.00`).
    func compared(to other: DecimalNumber) -> Int {
        let scale = Swift.max(self.scale, other.scale)
        let left = widened(to: scale)
        let right = other.widened(to: scale)
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    /// The exact sum, carrying the larger scale of the two (`160.20 + 1` is `161.20`); nil on overflow.
    func adding(_ other: DecimalNumber) -> DecimalNumber? {
        let scale = Swift.max(self.scale, other.scale)
        return Self.fitting(widened(to: scale) + other.widened(to: scale), scale: scale)
    }

    func negated() -> DecimalNumber? {
        Self.fitting(-Int128(units), scale: scale)
    }

    /// The value as a `JSONValue` number: an `Int` when whole, else the nearest `Double`.
    var jsonNumber: JSONValue {
        if scale == 0 { return .int(units) }
        if units % divisor == 0 { return .int(units / divisor) }
        return .double(Double(description) ?? doubleValue)
    }

    private func widened(to target: Int) -> Int128 {
        Int128(units) * Self.powersOfTen[target - scale]
    }

    private static func multiply(_ value: Int128, byPowerOfTen power: Int) -> Int128? {
        let (result, overflow) = value.multipliedReportingOverflow(by: powersOfTen[power])
        return overflow ? nil : result
    }

    private static func fitting(_ units: Int128, scale: Int) -> DecimalNumber? {
        guard units >= Int128(Int.min), units <= Int128(Int.max) else { return nil }
        return DecimalNumber(units: Int(units), scale: scale)
    }
}
