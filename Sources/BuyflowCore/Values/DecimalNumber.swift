/// A decimal number as an integer and a count of decimals (`"1.35"` is 135 × 10⁻²), so
/// money arithmetic is exact: rates, percentages and amounts from the catalog.
public struct DecimalNumber: Sendable, Hashable, CustomStringConvertible {
    public var units: Int
    public var scale: Int

    public init(units: Int, scale: Int) {
        self.units = units
        self.scale = scale
    }

    /// Parses `12`, `-3.5`, `0.075`: an optional minus, digits, optionally a point and
    /// digits (at most 9 decimals, at most 15 digits in all); nil for anything else.
    public init?(_ text: String) {
        var digits = 0
        var units = 0
        var scale = 0
        var seenPoint = false
        var negative = false
        var index = text.utf8.startIndex
        if text.utf8.first == UInt8(ascii: "-") {
            negative = true
            index = text.utf8.index(after: index)
        }
        var sawDigitBeforePoint = false
        var sawDigitAfterPoint = false
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                guard digits <= 15 else { return nil }
                units = units * 10 + Int(byte - UInt8(ascii: "0"))
                if seenPoint {
                    scale += 1
                    sawDigitAfterPoint = true
                } else {
                    sawDigitBeforePoint = true
                }
            } else {
                return nil
            }
            index = text.utf8.index(after: index)
        }
        guard sawDigitBeforePoint, !seenPoint || sawDigitAfterPoint, scale <= 9 else { return nil }
        self.units = negative ? -units : units
        self.scale = scale
    }

    /// 10 to the power `scale`.
    public var divisor: Int {
        var result = 1
        for _ in 0..<scale { result *= 10 }
        return result
    }

    /// `value × self`, rounded to an integer half away from zero (half up for amounts);
    /// saturates at `Int`'s bounds rather than trapping.
    public func times(_ value: Int) -> Int {
        Self.divideRounding(Self.saturatingProduct(value, units), by: divisor)
    }

    /// `value × self ÷ 100`, rounded half away from zero: a percentage of an amount.
    public func percent(of value: Int) -> Int {
        Self.divideRounding(Self.saturatingProduct(value, units), by: divisor * 100)
    }

    /// `numerator ÷ denominator` rounded half away from zero (denominator > 0), for every
    /// numerator without overflow.
    public static func divideRounding(_ numerator: Int, by denominator: Int) -> Int {
        let quotient = numerator / denominator, remainder = numerator % denominator
        guard remainder.magnitude >= (denominator.magnitude + 1) / 2 else { return quotient }
        return numerator < 0 ? quotient - 1 : quotient + 1
    }

    private static func saturatingProduct(_ left: Int, _ right: Int) -> Int {
        let (product, overflow) = left.multipliedReportingOverflow(by: right)
        guard overflow else { return product }
        return (left < 0) == (right < 0) ? .max : .min
    }

    public var doubleValue: Double { Double(units) / Double(divisor) }

    public var description: String {
        guard scale > 0 else { return String(units) }
        let magnitude = abs(units)
        let whole = magnitude / divisor
        var fraction = String(magnitude % divisor)
        fraction = String(repeating: "0", count: scale - fraction.count) + fraction
        return (units < 0 ? "-" : "") + "\(whole).\(fraction)"
    }
}
