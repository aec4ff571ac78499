import BuyflowCore

/// The faults a sample shop injects, so a workflow's retry, poll and error handling can be
/// rehearsed (`buyflow serve --latency 200ms±50ms --fail-rate 0.1 --seed 7`).
///
/// Each request that reaches an API endpoint gets request number *n* (0, 1, 2 … in
/// arrival order) and its own generator, `SplitMix64(seed, stream: n)`, from which it
/// always draws four numbers in this order, whether or not the fault is enabled: drop,
/// fail, error, jitter. So with a fixed `seed`, request *n* meets the same faults in every
/// run, and changing one rate never changes the outcome of another fault. Throttling
/// depends on time, not on the generator.
///
/// In a request's life the faults apply in this order: throttle (429), drop (connection
/// closed), fail (`failStatus`), then the request is answered, with `errorRate` nulling a
/// field; `latency` (± `jitter`) delays every answer, drops included.
public struct ShopFaults: Sendable, Hashable {
    /// Added before every answer (parked, no worker thread is held).
    public var latency: Duration
    /// Each delay is `latency` plus a uniform draw in ±`jitter` (never below zero).
    public var jitter: Duration
    /// The probability (0…1) of answering `failStatus` with a JSON `errors` body.
    public var failRate: Double
    public var failStatus: Int
    /// Requests per second allowed (a token bucket holding one second's worth); over it
    /// the answer is 429 with `Retry-After`. `nil`: no limit.
    public var throttle: Double?
    /// The probability of an HTTP 200 whose first nullable resolved field is null, with a
    /// GraphQL `errors` entry carrying its `path` (partial data).
    public var errorRate: Double
    /// The probability of closing the connection without answering.
    public var dropRate: Double
    /// Makes the faults (and cart tokens, attempt IDs) reproducible; `nil` picks a random
    /// seed at start (see `SampleShop.seed`).
    public var seed: UInt64?

    public init(
        latency: Duration = .zero, jitter: Duration = .zero, failRate: Double = 0, failStatus: Int = 503,
        throttle: Double? = nil, errorRate: Double = 0, dropRate: Double = 0, seed: UInt64? = nil
    ) {
        self.latency = latency
        self.jitter = jitter
        self.failRate = failRate
        self.failStatus = failStatus
        self.throttle = throttle
        self.errorRate = errorRate
        self.dropRate = dropRate
        self.seed = seed
    }

    /// Whether any fault is enabled.
    public var isActive: Bool {
        latency > .zero || jitter > .zero || failRate > 0 || throttle != nil || errorRate > 0 || dropRate > 0
    }

    /// One line for logs: `latency 200ms±50ms, fail 10% (503), seed 7`.
    public var summary: String {
        var parts: [String] = []
        if latency > .zero || jitter > .zero {
            parts.append("latency \(DurationText.format(latency))" + (jitter > .zero ? "±\(DurationText.format(jitter))" : ""))
        }
        if failRate > 0 { parts.append("fail \(Self.percent(failRate)) (\(failStatus))") }
        if let throttle { parts.append("throttle \(Self.number(throttle))/s") }
        if errorRate > 0 { parts.append("GraphQL errors \(Self.percent(errorRate))") }
        if dropRate > 0 { parts.append("drop \(Self.percent(dropRate))") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    private static func percent(_ rate: Double) -> String { number(rate * 100) + "%" }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: - Parsing the command line's forms

    /// `200ms`, `200ms±50ms` (also written `200ms+-50ms`).
    public static func parseLatency(_ text: String) throws(ShopOptionError) -> (latency: Duration, jitter: Duration) {
        let hint = "write a duration with an optional jitter, e.g. 200ms, 1.5s or 200ms±50ms"
        var base = text
        var jitterText: String?
        for separator in ["±", "+-", "+/-"] {
            if let range = text.firstRange(of: separator) {
                base = String(text[..<range.lowerBound])
                jitterText = String(text[range.upperBound...])
                break
            }
        }
        guard let latency = DurationText.parse(base) else {
            throw ShopOptionError("invalid latency '\(text)'", hint: hint)
        }
        guard let jitterText else { return (latency, .zero) }
        guard let jitter = DurationText.parse(jitterText) else {
            throw ShopOptionError("invalid latency jitter '\(jitterText)' in '\(text)'", hint: hint)
        }
        return (latency, jitter)
    }

    /// A probability: `0.1`, `1`, `0`, or a percentage `10%`.
    public static func parseRate(_ text: String, option: String) throws(ShopOptionError) -> Double {
        guard let value = RateText.proportion(text) else {
            throw ShopOptionError("invalid \(option) '\(text)': expected a probability from 0 to 1", hint: "e.g. --\(option) 0.1 (10% of requests) or --\(option) 10%")
        }
        return value
    }

    /// An HTTP status code from 400 to 599.
    public static func parseStatus(_ text: String) throws(ShopOptionError) -> Int {
        guard let status = Int(text.trimmingSpaces), (400...599).contains(status) else {
            throw ShopOptionError("invalid fail status '\(text)': expected an HTTP error status from 400 to 599", hint: "e.g. --fail-status 503")
        }
        return status
    }

    /// `<n>/s`, `<n>/m` or `<n>` (per second), `n` > 0; returns requests per second.
    public static func parseThrottle(_ text: String) throws(ShopOptionError) -> Double {
        guard let perSecond = RateText.perSecond(text) else {
            throw ShopOptionError("invalid throttle '\(text)': expected a rate such as 10/s", hint: "e.g. --throttle 10/s (or 120/m)")
        }
        return perSecond
    }

    /// A seed: any unsigned 64-bit integer.
    public static func parseSeed(_ text: String) throws(ShopOptionError) -> UInt64 {
        guard let seed = UInt64(text.trimmingSpaces) else {
            throw ShopOptionError("invalid seed '\(text)': expected a non-negative integer", hint: "e.g. --seed 42")
        }
        return seed
    }
}
