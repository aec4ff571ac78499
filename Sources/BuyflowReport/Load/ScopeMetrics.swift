import BuyflowCore

/// What a load run measured for one scope (every request, a step's, an operation's): the
/// latency of every request, failed requests by error (`http503`, `network`, `assertion`,
/// …) and throttled requests (429s, `SubmitThrottled`, throttled `userErrors`), which are
/// not errors. Mergeable: shards add up.
public struct ScopeMetrics: Sendable, Hashable {
    public var latency = LatencyHistogram()
    /// Failed requests by error key.
    public var errors: [String: Int] = [:]
    public var throttled = 0

    public init() {}

    /// Requests sent (every attempt, retries and poll rounds included).
    public var requests: Int { Int(latency.count) }
    /// Failed requests.
    public var errorCount: Int { errors.values.reduce(0, +) }
    /// Failed requests over requests, 0 with none.
    public var errorRate: Double { requests == 0 ? 0 : Double(errorCount) / Double(requests) }
    /// Throttled requests over requests, 0 with none.
    public var throttleRate: Double { requests == 0 ? 0 : Double(throttled) / Double(requests) }

    public mutating func merge(_ other: ScopeMetrics) {
        latency.merge(other.latency)
        for (key, count) in other.errors { errors[key, default: 0] += count }
        throttled += other.throttled
    }

    /// Errors most frequent first, then by key.
    public var errorsByFrequency: OrderedMap<Int> {
        OrderedMap(errors.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}

extension ScopeMetrics: JSONConvertible {
    /// The histogram's members, then `errors` and `throttled`.
    public var jsonValue: JSONValue {
        guard case .object(var object) = latency.jsonValue else { return .null }
        object["errors"] = errorsByFrequency.jsonValue { .int($0) }
        object["throttled"] = .int(throttled)
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init()
        latency = try LatencyHistogram(json: json, at: path)
        let errors = try OrderedMap(json: reader.optional("errors") ?? [:], at: reader.path("errors")) {
            value, path throws(Diagnostic) in try JSONFieldReader.int(value, at: path)
        }
        for entry in errors { self.errors[entry.key] = entry.value }
        throttled = try reader.optionalInt("throttled") ?? 0
    }
}
