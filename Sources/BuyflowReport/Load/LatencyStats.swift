import BuyflowCore

/// Latency of a set of requests, from a histogram: `{"count": 1834, "min": 1.1, "avg": 5.0,
/// "p50": 4.0, "p90": 8.8, "p95": 11.0, "p99": 20.1, "max": 44.0}` (milliseconds).
public struct LatencyStats: JSONConvertible, Sendable, Hashable {
    public var count: Int
    public var min: Duration
    public var avg: Duration
    public var p50: Duration
    public var p90: Duration
    public var p95: Duration
    public var p99: Duration
    public var max: Duration

    public init(
        count: Int, min: Duration, avg: Duration, p50: Duration, p90: Duration, p95: Duration, p99: Duration,
        max: Duration
    ) {
        self.count = count
        self.min = min
        self.avg = avg
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.p99 = p99
        self.max = max
    }

    /// No requests.
    public static var empty: LatencyStats {
        LatencyStats(count: 0, min: .zero, avg: .zero, p50: .zero, p90: .zero, p95: .zero, p99: .zero, max: .zero)
    }

    public var jsonValue: JSONValue {
        [
            "count": .int(count), "min": ReportNumbers.json(min), "avg": ReportNumbers.json(avg),
            "p50": ReportNumbers.json(p50), "p90": ReportNumbers.json(p90), "p95": ReportNumbers.json(p95),
            "p99": ReportNumbers.json(p99), "max": ReportNumbers.json(max),
        ]
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            count: try reader.int("count"), min: try reader.duration("min"), avg: try reader.duration("avg"),
            p50: try reader.duration("p50"), p90: try reader.duration("p90"), p95: try reader.duration("p95"),
            p99: try reader.duration("p99"), max: try reader.duration("max")
        )
    }
}
