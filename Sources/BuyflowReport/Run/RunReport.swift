import BuyflowCore

/// The report of one workflow run, format `buyflow.run/1` (cli-and-reports.md). Written as
/// `format`, `tool`, `workflow`, `row` (data-driven runs only), `target`, `status`,
/// `startedAt`, `durationMs`, `steps`, `warnings`, `summary`.
///
/// Durations are written as milliseconds rounded to 0.01 ms, `startedAt` as ISO 8601 UTC
/// with milliseconds.
public struct RunReport: JSONConvertible, Sendable, Hashable {
    public static let format = ReportFormat.run

    public var tool: ToolInfo
    public var workflow: WorkflowInfo
    /// The data row of a data-driven run.
    public var row: RowInfo?
    public var target: TargetInfo
    public var status: RunStatus
    public var startedAt: Timestamp
    /// `durationMs`.
    public var duration: Duration
    public var steps: [StepReport]
    /// Warnings about the run as a whole (a step's own are on the step).
    public var warnings: [ReportWarning]
    public var summary: RunSummary

    /// A report whose status and summary are computed from `steps` unless given.
    public init(
        tool: ToolInfo = .buyflow, workflow: WorkflowInfo, row: RowInfo? = nil, target: TargetInfo,
        status: RunStatus? = nil, startedAt: Timestamp, duration: Duration, steps: [StepReport],
        warnings: [ReportWarning] = [], summary: RunSummary? = nil
    ) {
        self.tool = tool
        self.workflow = workflow
        self.row = row
        self.target = target
        self.status = status ?? RunStatus(steps: steps)
        self.startedAt = startedAt
        self.duration = duration
        self.steps = steps
        self.warnings = warnings
        self.summary = summary ?? RunSummary(steps: steps)
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["format"] = .string(Self.format.rawValue)
        object["tool"] = tool.jsonValue
        object["workflow"] = workflow.jsonValue
        if let row { object["row"] = row.jsonValue }
        object["target"] = target.jsonValue
        object["status"] = .string(status.rawValue)
        object["startedAt"] = .string(startedAt.iso8601)
        object["durationMs"] = ReportNumbers.json(duration)
        object["steps"] = .array(steps.map(\.jsonValue))
        object["warnings"] = .array(warnings.map(\.jsonValue))
        object["summary"] = summary.jsonValue
        return .object(object)
    }

    /// Reads a run report; a report of another format is refused (`report.format`).
    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        try reader.expectFormat(Self.format)
        let startedAtText = try reader.string("startedAt")
        guard let startedAt = Timestamp(iso8601: startedAtText) else {
            throw JSONFieldReader.invalid(reader.path("startedAt"), "expected an ISO 8601 timestamp, found '\(startedAtText)'")
        }
        self.init(
            tool: try reader.nested("tool"), workflow: try reader.nested("workflow"), row: try reader.optionalNested("row"),
            target: try reader.nested("target"), status: try reader.enumeration("status", as: RunStatus.self),
            startedAt: startedAt, duration: try reader.duration("durationMs"), steps: try reader.array("steps"),
            warnings: try reader.array("warnings", default: []), summary: try reader.nested("summary", as: RunSummary.self)
        )
    }
}
