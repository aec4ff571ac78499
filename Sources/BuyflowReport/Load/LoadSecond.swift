import BuyflowCore

/// One second of a load run: `{"second": 3, "requests": 305, "errors": 1, "throttled": 0,
/// "vus": 20}` (requests finished in that second; the most VUs busy in it).
public struct LoadSecond: JSONConvertible, Sendable, Hashable {
    /// Seconds since the start, 0-based.
    public var second: Int
    public var requests: Int
    public var errors: Int
    public var throttled: Int
    public var vus: Int

    public init(second: Int, requests: Int = 0, errors: Int = 0, throttled: Int = 0, vus: Int = 0) {
        self.second = second
        self.requests = requests
        self.errors = errors
        self.throttled = throttled
        self.vus = vus
    }

    /// Adds another shard's same second (VUs add up too: shards run side by side).
    public mutating func merge(_ other: LoadSecond) {
        requests += other.requests
        errors += other.errors
        throttled += other.throttled
        vus += other.vus
    }

    public var jsonValue: JSONValue {
        ["second": .int(second), "requests": .int(requests), "errors": .int(errors), "throttled": .int(throttled), "vus": .int(vus)]
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            second: try reader.int("second"), requests: try reader.int("requests"), errors: try reader.int("errors"),
            throttled: try reader.int("throttled"), vus: try reader.optionalInt("vus") ?? 0
        )
    }
}
