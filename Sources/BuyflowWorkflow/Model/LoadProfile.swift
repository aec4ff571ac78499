import BuyflowCore

/// `load:` — the profile `buyflow load` uses.
public struct LoadProfile: Sendable {
    public var vus: Int?
    public var duration: Duration?
    public var iterations: Int?
    public var rampUp: Duration?
    /// New iterations per second (open model).
    public var arrivalRate: Double?
    public var maxVus: Int?
    public var thresholds: [Threshold]
    /// Stop as soon as a threshold is breached for good (`abortOnFail`).
    public var abortOnFail: Bool = false
    public var location: SourceLocation
}

/// `<stat>(<scope>) <op> <value>`, e.g. `p95(step:create-cart) < 300ms`.
public struct Threshold: Sendable, Hashable {
    public enum Statistic: Sendable, Hashable {
        case percentile(Double)
        case avg, min, max, errorRate, throttleRate, rps, count
    }

    public enum Scope: Sendable, Hashable {
        case all
        case step(String)
        case operation(String)
    }

    public enum Comparison: String, Sendable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    public var statistic: Statistic
    public var scope: Scope
    public var comparison: Comparison
    /// Milliseconds for latencies, a fraction (0…1) for rates, a plain number otherwise.
    public var value: Double
    /// The text as written.
    public var text: String
    public var location: SourceLocation
}
