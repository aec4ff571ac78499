/// Durations as the command line writes them: `250ms`, `1.5s`, `2m`, `800us`, `0`.
public enum DurationText {
    /// The longest duration any setting accepts (a year): longer ones are typing mistakes,
    /// and every wait, sleep and load length stays far from `Duration`'s arithmetic limits.
    public static let maximum: Duration = .seconds(365 * 24 * 3600)
    /// `maximum` as the text a message quotes.
    public static let maximumText = "8760h"

    /// What `read` makes of a text.
    public enum Reading: Sendable, Equatable {
        case duration(Duration)
        /// A well-formed duration longer than `maximum`.
        case tooLong
        case invalid
    }

    /// Parses `<number><unit>` with unit `us` (or `µs`), `ms`, `s`, `m` or `h`; a bare `0` is
    /// zero. Negative values and values over `maximum` are refused.
    public static func parse(_ text: String) -> Duration? {
        if case .duration(let duration) = read(text) { return duration }
        return nil
    }

    /// `parse`, telling a duration over `maximum` from text that is not a duration.
    public static func read(_ text: String) -> Reading {
        let trimmed = text.trimmingSpaces
        if trimmed == "0" { return .duration(.zero) }
        let units: [(suffix: String, nanoseconds: Int)] = [
            ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000), ("h", 3_600_000_000_000),
        ]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = String(trimmed.dropLast(unit.suffix.count))
            // "ms" also ends in "s": make sure the number part is numeric.
            guard let value = DecimalNumber(number), value.units >= 0 else { continue }
            let (product, overflow) = value.units.multipliedReportingOverflow(by: unit.nanoseconds)
            guard !overflow else { return .tooLong }
            let duration = Duration.nanoseconds(Int64(DecimalNumber.divideRounding(product, by: value.divisor)))
            return duration > maximum ? .tooLong : .duration(duration)
        }
        return .invalid
    }

    /// A number of milliseconds (from a template or a response) as a duration; nil when it
    /// is not a finite number from 0 to `maximum`.
    public static func milliseconds(_ number: Double) -> Duration? {
        guard number.isFinite, number >= 0, number <= Double(maximum.components.seconds) * 1000 else { return nil }
        return .nanoseconds(Int64((number * 1_000_000).rounded()))
    }

    /// A number of seconds as a duration, saturated at `limit` (at most `maximum`); nil when
    /// it is not a finite number of 0 or more. For values a server sends, such as `Retry-After`.
    public static func seconds(_ number: Double, atMost limit: Duration = maximum) -> Duration? {
        guard number.isFinite, number >= 0 else { return nil }
        let bound = min(limit, maximum)
        guard number < Double(bound.components.seconds) else { return bound }
        return .nanoseconds(Int64((number * 1_000_000_000).rounded()))
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
