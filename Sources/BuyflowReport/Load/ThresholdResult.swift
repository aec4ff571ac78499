import BuyflowCore

/// A load threshold evaluated: `{"expression": "p95(step:create-cart) < 300ms", "actual": 11.0,
/// "passed": true}`. `actual` is in the threshold's own unit (milliseconds for latencies, a
/// ratio for rates, a count), `null` when there was nothing to measure.
public struct ThresholdResult: JSONConvertible, Sendable, Hashable {
    public var expression: String
    public var actual: Double?
    public var passed: Bool

    public init(expression: String, actual: Double?, passed: Bool) {
        self.expression = expression
        self.actual = actual
        self.passed = passed
    }

    public var jsonValue: JSONValue {
        ["expression": .string(expression), "actual": ReportNumbers.rate(actual), "passed": .bool(passed)]
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            expression: try reader.string("expression"), actual: try reader.optionalDouble("actual"),
            passed: try reader.bool("passed")
        )
    }
}
