import BuyflowCore

/// One step of a run, with its attempts, assertions, captures and failure. Written as
/// `id`, `name`, `status`, `skipReason` (when skipped), `operation`, `location`,
/// `durationMs`, `attempts`, `assertions`, `captures`, `failure`, `warnings`.
public struct StepReport: JSONConvertible, Sendable, Hashable {
    public var id: String
    /// For a step of a steps file: `<use step name> › <inner step name>`.
    public var name: String
    public var status: StepStatus
    /// Why the step was skipped (an `if` that did not hold, fail-fast).
    public var skipReason: String?
    /// `nil` when the step never got as far as an operation (written as `null`).
    public var operation: OperationInfo?
    /// Where the step is written (`file:line:column`).
    public var location: SourceLocation?
    /// `durationMs`: from the start of the first attempt to the end of the last check.
    public var duration: Duration
    public var attempts: [AttemptReport]
    /// Every assertion evaluated, passed or not.
    public var assertions: [AssertionReport]
    /// The step's captures by name, in order; secret ones hold `"[redacted]"`.
    public var captures: JSONObject
    /// `nil` unless the step failed or could not run (written as `null`).
    public var failure: Failure?
    public var warnings: [ReportWarning]

    public init(
        id: String, name: String, status: StepStatus, skipReason: String? = nil, operation: OperationInfo?,
        location: SourceLocation? = nil, duration: Duration, attempts: [AttemptReport] = [],
        assertions: [AssertionReport] = [], captures: JSONObject = JSONObject(), failure: Failure? = nil,
        warnings: [ReportWarning] = []
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.skipReason = skipReason
        self.operation = operation
        self.location = location
        self.duration = duration
        self.attempts = attempts
        self.assertions = assertions
        self.captures = captures
        self.failure = failure
        self.warnings = warnings
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["name"] = .string(name)
        object["status"] = .string(status.rawValue)
        if let skipReason { object["skipReason"] = .string(skipReason) }
        object["operation"] = operation?.jsonValue ?? .null
        object["location"] = location.map { .string($0.description) } ?? .null
        object["durationMs"] = ReportNumbers.json(duration)
        object["attempts"] = .array(attempts.map(\.jsonValue))
        object["assertions"] = .array(assertions.map(\.jsonValue))
        object["captures"] = .object(captures)
        object["failure"] = failure?.jsonValue ?? .null
        object["warnings"] = .array(warnings.map(\.jsonValue))
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        let captures = reader.optional("captures") ?? .object(JSONObject())
        guard case .object(let captureObject) = captures else {
            throw JSONFieldReader.invalid(reader.path("captures"), "expected an object, found \(JSONFieldReader.describe(captures))")
        }
        self.init(
            id: try reader.string("id"), name: try reader.string("name"), status: try reader.enumeration("status"),
            skipReason: try reader.optionalString("skipReason"), operation: try reader.optionalNested("operation"),
            location: try reader.optionalLocation("location"), duration: try reader.duration("durationMs"),
            attempts: try reader.array("attempts"), assertions: try reader.array("assertions", default: []),
            captures: captureObject, failure: try reader.optionalNested("failure"),
            warnings: try reader.array("warnings", default: [])
        )
    }
}
