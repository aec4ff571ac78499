/// Durations as the command line writes them: `250ms`, `1.5s`, `2m`, `800us`, `0`.
public enum DurationText {
    /// Parses `<number><unit>` with unit `us` (or `µs`), `ms`, `s`, `m` or `h`; a bare `0` is
    /// zero. Negative values are refused.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingSpaces
        if trimmed == "0" { return .zero }
        let units: [(suffix: String, nanoseconds: Int)] = [
            ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000), ("h", 3_600_000_000_000),
        ]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = String(trimmed.dropLast(unit.suffix.count))
            // "ms" also ends in "s": make sure the number part is numeric.
            guard let value = DecimalNumber(number), value.units >= 0 else { continue }
            let nanoseconds = DecimalNumber.divideRounding(value.units * unit.nanoseconds, by: value.divisor)
            return .nanoseconds(Int64(nanoseconds))
        }
        return nil
    }

    /// `250ms`, `1.5s`: the shortest form `parse` reads back.
    public static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        if milliseconds >= 1000, milliseconds.truncatingRemainder(dividingBy: 100) == 0 {
            let value = milliseconds / 1000
            return value == value.rounded() ? "\(Int(value))s" : "\(value)s"
        }
        if milliseconds == milliseconds.rounded() { return "\(Int(milliseconds))ms" }
        return "\(Int((milliseconds * 1000).rounded()))us"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    public var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
