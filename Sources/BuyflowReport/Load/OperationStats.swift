import BuyflowCore

/// Requests of one GraphQL operation in a load run: `{"count": 1834, "p95": 11.0, "errorRate": 0.0}`.
public struct OperationStats: JSONConvertible, Sendable, Hashable {
    public var count: Int
    public var p95: Duration
    /// Failed requests over all requests, 0…1.
    public var errorRate: Double

    public init(count: Int, p95: Duration, errorRate: Double) {
        self.count = count
        self.p95 = p95
        self.errorRate = errorRate
    }

    public var jsonValue: JSONValue {
        ["count": .int(count), "p95": ReportNumbers.json(p95), "errorRate": ReportNumbers.rate(errorRate)]
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(count: try reader.int("count"), p95: try reader.duration("p95"), errorRate: try reader.double("errorRate"))
    }
}
