import BuyflowCore

/// A saved run report as the renderers take it: one run (`buyflow.run/1`) or several
/// (`buyflow.runs/1`).
public enum RunDocument: Sendable, Hashable {
    case run(RunReport)
    case runs(RunsReport)

    /// Reads a run report or a report of several runs; any other format (a load report, a
    /// file without `format`) is refused with a `report.format` diagnostic.
    public init(bytes: some Collection<UInt8>, path: String) throws(Diagnostic) {
        let json = try JSONParser(path: path).parse(bytes: bytes)
        switch ReportFormat(of: json) {
        case .run: self = .run(try RunReport(json: json))
        case .runs: self = .runs(try RunsReport(json: json))
        case .load:
            throw Diagnostic.error(
                "'\(path)' is a load report (buyflow.load/1); expected a run report (buyflow.run/1 or buyflow.runs/1)",
                code: "report.format",
                hint: "load reports are read by 'buyflow report merge'; the renderers take run reports")
        case nil:
            let found = json["format"].map { $0.stringValue.map { "'\($0)'" } ?? "a \($0.typeName)" } ?? "missing"
            throw Diagnostic.error(
                "'\(path)' is not a buyflow run report: its format is \(found); expected 'buyflow.run/1' or 'buyflow.runs/1'",
                code: "report.format")
        }
    }

    /// The runs, in order.
    public var runs: [RunReport] {
        switch self {
        case .run(let report): [report]
        case .runs(let report): report.runs
        }
    }

    /// A document for runs: one run as itself, several as a `RunsReport`.
    public init(runs: [RunReport]) {
        self = runs.count == 1 ? .run(runs[0]) : .runs(RunsReport(runs: runs))
    }
}
