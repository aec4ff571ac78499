/// Rates and proportions as users write them: a share of requests (`0.1`, `10%`) and a
/// frequency (`50/s`, `600/m`, a bare `50` per second).
public enum RateText {
    /// A proportion from 0 to 1: `0.1`, `1`, `0`, or a percentage `10%`; `nil` otherwise.
    public static func proportion(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        let value: Double? = trimmed.hasSuffix("%") ? Double(trimmed.dropLast().trimmingSpaces).map { $0 / 100 } : Double(trimmed)
        guard let value, value.isFinite, (0...1).contains(value) else { return nil }
        return value
    }

    /// Events per second from `<n>/s`, `<n>/m` (also `sec`, `second`, `min`, `minute`) or
    /// a bare `<n>` (per second), with `n` > 0; `nil` otherwise.
    public static func perSecond(_ text: String, bareMeansPerSecond: Bool = true) -> Double? {
        let trimmed = text.trimmingSpaces
        var number = Substring(trimmed)
        var seconds = 1.0
        if let slash = trimmed.firstIndex(of: "/") {
            number = trimmed[..<slash]
            switch trimmed[trimmed.index(after: slash)...].trimmingSpaces {
            case "s", "sec", "second": seconds = 1
            case "m", "min", "minute": seconds = 60
            default: return nil
            }
        } else if !bareMeansPerSecond {
            return nil
        }
        guard let count = Double(String(number).trimmingSpaces), count.isFinite, count > 0 else { return nil }
        return count / seconds
    }
}
