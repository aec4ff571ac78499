import BuyflowCore

/// One failure of a load check, kept as an example: `{"expected": 2, "actual": 1,
/// "message": "…", "location": "checkout.yaml:31:11", "requestId": "req-12", "vu": 3,
/// "iteration": 7}`. Values come from redacted step reports.
public struct LoadCheckSample: JSONConvertible, Sendable, Hashable {
    /// `nil` leaves the member out, `.null` is an expected `null`.
    public var expected: JSONValue?
    public var actual: JSONValue?
    public var message: String?
    /// Where the check is written (`file:line:column`).
    public var location: SourceLocation?
    /// The `X-Request-Id` of the step's last attempt.
    public var requestId: String?
    public var vu: Int?
    public var iteration: Int?

    public init(
        expected: JSONValue? = nil, actual: JSONValue? = nil, message: String? = nil, location: SourceLocation? = nil,
        requestId: String? = nil, vu: Int? = nil, iteration: Int? = nil
    ) {
        self.expected = expected
        self.actual = actual
        self.message = message
        self.location = location
        self.requestId = requestId
        self.vu = vu
        self.iteration = iteration
    }

    /// Two samples that say the same thing (expected, actual, message): only one is kept.
    func sameFailure(as other: LoadCheckSample) -> Bool {
        expected == other.expected && actual == other.actual && message == other.message
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let expected { object["expected"] = expected }
        if let actual { object["actual"] = actual }
        if let message { object["message"] = .string(message) }
        object["location"] = location.map { .string($0.description) } ?? .null
        object["requestId"] = requestId.map(JSONValue.string) ?? .null
        if let vu { object["vu"] = .int(vu) }
        if let iteration { object["iteration"] = .int(iteration) }
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            expected: reader.raw("expected"), actual: reader.raw("actual"), message: try reader.optionalString("message"),
            location: try reader.optionalLocation("location"), requestId: try reader.optionalString("requestId"),
            vu: try reader.optionalInt("vu"), iteration: try reader.optionalInt("iteration")
        )
    }
}
