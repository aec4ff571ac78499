import BuyflowCore

/// The report of a load run, format `buyflow.load/1` (cli-and-reports.md). Written as
/// `format`, `tool`, `workflow`, `target` (when known), `profile`, `status`, `startedAt`
/// (when known), `durationMs`, `iterations`, `requests`, `latency`, `errors`, `throttled`,
/// `operations`, `checks`, `thresholds`, `histograms`.
///
/// Latencies and durations are milliseconds rounded to 0.01 ms; rates are rounded to 6
/// decimal places.
public struct LoadReport: JSONConvertible, Sendable, Hashable {
    public static let format = ReportFormat.load

    public var tool: ToolInfo
    public var workflow: WorkflowInfo
    public var target: TargetInfo?
    public var profile: LoadProfile
    /// `failed` when a threshold was breached; without thresholds, when an iteration failed
    /// (a check of it failed). With thresholds, they alone decide.
    public var status: RunStatus
    public var startedAt: Timestamp?
    /// `durationMs`.
    public var duration: Duration
    public var iterations: Iterations
    public var requests: Requests
    public var latency: Latency
    /// Failed requests by error (`http503`, `network`, …), most frequent first as the
    /// load runner orders them.
    public var errors: OrderedMap<Int>
    public var throttled: Throttled
    /// By operation name.
    public var operations: OrderedMap<OperationStats>
    /// Every check's passes and failures, with samples of the failures.
    public var checks: [LoadCheck]
    public var thresholds: [ThresholdResult]
    /// The mergeable histogram encodings (`all`, and per step), kept as JSON here; the load
    /// runner defines their form.
    public var histograms: JSONValue
    /// Requests, errors, throttled requests and VUs second by second (`timeline`, written
    /// when not empty).
    public var timeline: [LoadSecond]

    public init(
        tool: ToolInfo = .buyflow, workflow: WorkflowInfo, target: TargetInfo? = nil, profile: LoadProfile,
        status: RunStatus, startedAt: Timestamp? = nil, duration: Duration, iterations: Iterations, requests: Requests,
        latency: Latency, errors: OrderedMap<Int> = [:], throttled: Throttled, operations: OrderedMap<OperationStats> = [:],
        checks: [LoadCheck] = [], thresholds: [ThresholdResult] = [], histograms: JSONValue = [:], timeline: [LoadSecond] = []
    ) {
        self.tool = tool
        self.workflow = workflow
        self.target = target
        self.profile = profile
        self.status = status
        self.startedAt = startedAt
        self.duration = duration
        self.iterations = iterations
        self.requests = requests
        self.latency = latency
        self.errors = errors
        self.throttled = throttled
        self.operations = operations
        self.checks = checks
        self.thresholds = thresholds
        self.histograms = histograms
        self.timeline = timeline
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["format"] = .string(Self.format.rawValue)
        object["tool"] = tool.jsonValue
        object["workflow"] = workflow.jsonValue
        if let target { object["target"] = target.jsonValue }
        object["profile"] = profile.jsonValue
        object["status"] = .string(status.rawValue)
        if let startedAt { object["startedAt"] = .string(startedAt.iso8601) }
        object["durationMs"] = ReportNumbers.json(duration)
        object["iterations"] = iterations.jsonValue
        object["requests"] = requests.jsonValue
        object["latency"] = latency.jsonValue
        object["errors"] = errors.jsonValue { .int($0) }
        object["throttled"] = throttled.jsonValue
        object["operations"] = operations.jsonValue
        object["checks"] = .array(checks.map(\.jsonValue))
        object["thresholds"] = .array(thresholds.map(\.jsonValue))
        object["histograms"] = histograms
        if !timeline.isEmpty { object["timeline"] = .array(timeline.map(\.jsonValue)) }
        return .object(object)
    }

    /// Reads a load report; a report of another format is refused (`report.format`).
    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        try reader.expectFormat(Self.format)
        var startedAt: Timestamp?
        if let text = try reader.optionalString("startedAt") {
            guard let timestamp = Timestamp(iso8601: text) else {
                throw JSONFieldReader.invalid(reader.path("startedAt"), "expected an ISO 8601 timestamp, found '\(text)'")
            }
            startedAt = timestamp
        }
        self.init(
            tool: try reader.optionalNested("tool") ?? .buyflow, workflow: try reader.nested("workflow"),
            target: try reader.optionalNested("target"), profile: try reader.nested("profile"),
            status: try reader.enumeration("status", as: RunStatus.self), startedAt: startedAt,
            duration: try reader.duration("durationMs"), iterations: try reader.nested("iterations"),
            requests: try reader.nested("requests"), latency: try reader.nested("latency"),
            errors: try OrderedMap(json: reader.optional("errors") ?? [:], at: reader.path("errors")) {
                value, path throws(Diagnostic) in try JSONFieldReader.int(value, at: path)
            },
            throttled: try reader.nested("throttled"),
            operations: try OrderedMap(json: reader.optional("operations") ?? [:], at: reader.path("operations")),
            checks: try reader.array("checks", default: []),
            thresholds: try reader.array("thresholds", default: []), histograms: reader.raw("histograms") ?? [:],
            timeline: try reader.array("timeline", default: [])
        )
    }
}
