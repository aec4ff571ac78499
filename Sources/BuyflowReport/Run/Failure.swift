import BuyflowCore

/// Why a step failed: `{"kind": "assertion", "message": "…", "expected": 2, "actual": 1,
/// "location": "checkout.yaml:31:11", "assertions": […]}`. A step with failed assertions
/// lists every one of them in `assertions`; `expected`, `actual` and `location` are those of
/// the first.
public struct Failure: JSONConvertible, Sendable, Hashable {
    public var kind: ErrorKind
    public var message: String
    /// `nil` leaves the member out, `.null` is an expected `null`.
    public var expected: JSONValue?
    public var actual: JSONValue?
    public var location: SourceLocation?
    /// Every failed assertion of the step.
    public var assertions: [AssertionReport]

    public init(
        kind: ErrorKind, message: String, expected: JSONValue? = nil, actual: JSONValue? = nil,
        location: SourceLocation? = nil, assertions: [AssertionReport] = []
    ) {
        self.kind = kind
        self.message = message
        self.expected = expected
        self.actual = actual
        self.location = location
        self.assertions = assertions
    }

    /// The failure of a step whose assertions failed: kind `assertion`, the first failed
    /// assertion's expected, actual and location, every failed one listed; `nil` when none failed.
    public init?(failedAssertionsOf assertions: [AssertionReport]) {
        let failed = assertions.filter { !$0.passed }
        guard let first = failed.first else { return nil }
        let message = failed.count == 1
            ? first.message ?? "assertion failed: \(first.expression)"
            : "\(failed.count) assertions failed"
        self.init(
            kind: .assertion, message: message, expected: first.expected, actual: first.actual,
            location: first.location, assertions: failed
        )
    }

    /// `kind`, `message`, then `expected`, `actual` and `location` when present, then `assertions`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["kind"] = .string(kind.rawValue)
        object["message"] = .string(message)
        if let expected { object["expected"] = expected }
        if let actual { object["actual"] = actual }
        if let location { object["location"] = .string(location.description) }
        object["assertions"] = .array(assertions.map(\.jsonValue))
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            kind: try reader.enumeration("kind"), message: try reader.string("message"),
            expected: reader.raw("expected"), actual: reader.raw("actual"),
            location: try reader.optionalLocation("location"), assertions: try reader.array("assertions", default: [])
        )
    }
}
