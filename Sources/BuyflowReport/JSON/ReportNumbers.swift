import BuyflowCore

/// How reports write numbers: durations as milliseconds rounded to 0.01 ms (10 µs), rates
/// (per second, ratios) rounded to 6 decimal places.
enum ReportNumbers {
    /// Milliseconds rounded to 0.01, computed on whole nanoseconds so `41.7` stays `41.7`.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds / 1_000_000_000)
        return (nanoseconds / 10_000).rounded() / 100
    }

    static func json(_ duration: Duration) -> JSONValue { .double(milliseconds(duration)) }

    static func json(_ duration: Duration?) -> JSONValue { duration.map(json) ?? .null }

    /// A duration from milliseconds, to the nanosecond; a value a report file holds out of
    /// range (negative, huge, not a number) is clamped to zero or `DurationText.maximum`.
    static func duration(milliseconds: Double) -> Duration {
        DurationText.milliseconds(milliseconds) ?? (milliseconds > 0 ? DurationText.maximum : .zero)
    }

    static func rate(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        return .double((value * 1_000_000).rounded() / 1_000_000)
    }

    static func rate(_ value: Double?) -> JSONValue { value.map(rate) ?? .null }
}
