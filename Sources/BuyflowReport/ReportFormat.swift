import BuyflowCore

/// The `format` member every buyflow report starts with.
public enum ReportFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// One workflow run (`RunReport`).
    case run = "buyflow.run/1"
    /// Several runs (`RunsReport`).
    case runs = "buyflow.runs/1"
    /// A load run (`LoadReport`).
    case load = "buyflow.load/1"

    /// The format of a report read from JSON, `nil` when it has none or an unknown one.
    public init?(of report: JSONValue) {
        guard let text = report["format"]?.stringValue else { return nil }
        self.init(rawValue: text)
    }

    /// What a report of this format is called in messages.
    var noun: String {
        switch self {
        case .run: "run report"
        case .runs: "report of several runs"
        case .load: "load report"
        }
    }
}
