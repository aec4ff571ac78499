import BuyflowCore

/// One evaluated assertion of a step:
/// `{"expression": "data.cart.totalQuantity == 2", "passed": false, "location": "checkout.yaml:31:11",
/// "expected": 2, "actual": 1, "message": "…"}`.
public struct AssertionReport: JSONConvertible, Sendable, Hashable {
    /// The assertion as written (`that` of the mapping form).
    public var expression: String
    public var passed: Bool
    /// Where the assertion is written (`null` when unknown).
    public var location: SourceLocation?
    /// The expected value; `nil` leaves the member out, `.null` is an expected `null`.
    public var expected: JSONValue?
    /// The actual value (truncated by the runner); `nil` leaves the member out.
    public var actual: JSONValue?
    /// Why it failed, in words.
    public var message: String?

    public init(
        expression: String, passed: Bool, location: SourceLocation?,
        expected: JSONValue? = nil, actual: JSONValue? = nil, message: String? = nil
    ) {
        self.expression = expression
        self.passed = passed
        self.location = location
        self.expected = expected
        self.actual = actual
        self.message = message
    }

    /// `expression`, `passed`, `location`, then `expected`, `actual` and `message` when present.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["expression"] = .string(expression)
        object["passed"] = .bool(passed)
        object["location"] = location.map { .string($0.description) } ?? .null
        if let expected { object["expected"] = expected }
        if let actual { object["actual"] = actual }
        if let message { object["message"] = .string(message) }
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            expression: try reader.string("expression"), passed: try reader.bool("passed"),
            location: try reader.optionalLocation("location"),
            expected: reader.raw("expected"), actual: reader.raw("actual"), message: try reader.optionalString("message")
        )
    }
}
