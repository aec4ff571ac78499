import BuyflowCore

extension LoadReport {
    /// `{"completed": 1834, "failed": 2}`: iterations of the workflow's steps (`failed`
    /// counts among `completed`), then `dropped` in the open model (due while every VU was busy).
    public struct Iterations: JSONConvertible, Sendable, Hashable {
        public var completed: Int
        public var failed: Int
        public var dropped: Int?

        public init(completed: Int, failed: Int, dropped: Int? = nil) {
            self.completed = completed
            self.failed = failed
            self.dropped = dropped
        }

        public var jsonValue: JSONValue {
            var object = JSONObject()
            object["completed"] = .int(completed)
            object["failed"] = .int(failed)
            if let dropped { object["dropped"] = .int(dropped) }
            return .object(object)
        }

        public init(json: JSONValue, at path: String) throws(Diagnostic) {
            let reader = try JSONFieldReader(json, at: path)
            self.init(completed: try reader.int("completed"), failed: try reader.int("failed"), dropped: try reader.optionalInt("dropped"))
        }
    }

    /// `{"count": 9170, "rps": 305.5, "errorRate": 0.0002}`.
    public struct Requests: JSONConvertible, Sendable, Hashable {
        public var count: Int
        /// Requests per second over the run.
        public var rps: Double
        /// Failed requests over all requests, 0…1.
        public var errorRate: Double

        public init(count: Int, rps: Double, errorRate: Double) {
            self.count = count
            self.rps = rps
            self.errorRate = errorRate
        }

        public var jsonValue: JSONValue {
            ["count": .int(count), "rps": ReportNumbers.rate(rps), "errorRate": ReportNumbers.rate(errorRate)]
        }

        public init(json: JSONValue, at path: String) throws(Diagnostic) {
            let reader = try JSONFieldReader(json, at: path)
            self.init(count: try reader.int("count"), rps: try reader.double("rps"), errorRate: try reader.double("errorRate"))
        }
    }

    /// `{"count": 0, "rate": 0.0}`: 429s and throttled userErrors, counted apart from errors.
    public struct Throttled: JSONConvertible, Sendable, Hashable {
        public var count: Int
        public var rate: Double

        public init(count: Int, rate: Double) {
            self.count = count
            self.rate = rate
        }

        public var jsonValue: JSONValue { ["count": .int(count), "rate": ReportNumbers.rate(rate)] }

        public init(json: JSONValue, at path: String) throws(Diagnostic) {
            let reader = try JSONFieldReader(json, at: path)
            self.init(count: try reader.int("count"), rate: try reader.double("rate"))
        }
    }

    /// `{"all": {…}, "steps": {"create-cart": {…}}}`: every request, and each step's.
    public struct Latency: JSONConvertible, Sendable, Hashable {
        public var all: LatencyStats
        /// By step id, in workflow order.
        public var steps: OrderedMap<LatencyStats>

        public init(all: LatencyStats, steps: OrderedMap<LatencyStats>) {
            self.all = all
            self.steps = steps
        }

        public var jsonValue: JSONValue { ["all": all.jsonValue, "steps": steps.jsonValue] }

        public init(json: JSONValue, at path: String) throws(Diagnostic) {
            let reader = try JSONFieldReader(json, at: path)
            self.init(
                all: try reader.nested("all"),
                steps: try OrderedMap(json: reader.optional("steps") ?? [:], at: reader.path("steps"))
            )
        }
    }
}
