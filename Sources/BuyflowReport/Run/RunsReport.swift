import BuyflowCore

/// The report of several workflow runs (several files, or the rows of a data-driven
/// workflow), format `buyflow.runs/1`: `format`, `tool`, `status`, `runs` (each a
/// `buyflow.run/1` report, in command-line order), `summary`.
public struct RunsReport: JSONConvertible, Sendable, Hashable {
    public static let format = ReportFormat.runs

    public var tool: ToolInfo
    /// The runs combined: `failed` if any failed, else `error` if any could not run, …
    public var status: RunStatus
    public var runs: [RunReport]
    public var summary: RunsSummary

    /// A report whose status and summary are computed from `runs` unless given.
    public init(tool: ToolInfo = .buyflow, runs: [RunReport], status: RunStatus? = nil, summary: RunsSummary? = nil) {
        self.tool = tool
        self.runs = runs
        self.status = status ?? RunStatus(runs: runs)
        self.summary = summary ?? RunsSummary(runs: runs)
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["format"] = .string(Self.format.rawValue)
        object["tool"] = tool.jsonValue
        object["status"] = .string(status.rawValue)
        object["runs"] = .array(runs.map(\.jsonValue))
        object["summary"] = summary.jsonValue
        return .object(object)
    }

    /// Reads a report of several runs; a report of another format is refused (`report.format`).
    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        try reader.expectFormat(Self.format)
        let runs: [RunReport] = try reader.array("runs")
        self.init(
            tool: try reader.optionalNested("tool") ?? .buyflow, runs: runs,
            status: try reader.optionalEnumeration("status", as: RunStatus.self),
            summary: try reader.nested("summary", as: RunsSummary.self)
        )
    }
}
