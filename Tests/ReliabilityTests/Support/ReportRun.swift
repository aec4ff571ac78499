import BuyflowReport
import Foundation
import Testing

/// `buyflow run … --report json=<file>`, with the report decoded.
struct ReportRun {
    var output: Child.Output
    var report: RunReport?
    var reportText: String

    func step(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> StepReport {
        let report = try #require(report, "no report:\n\(output.combined)", sourceLocation: sourceLocation)
        return try #require(report.steps.first { $0.name == name }, "no step '\(name)'", sourceLocation: sourceLocation)
    }

    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> ReportRun {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.json").path
        let output = try await Child.buyflow(
            ["run"] + arguments + ["--report", "json=\(path)"], environment: environment, timeout: timeout,
            sourceLocation: sourceLocation)
        guard let data = FileManager.default.contents(atPath: path) else {
            return ReportRun(output: output, report: nil, reportText: "")
        }
        return ReportRun(output: output, report: try RunReport(bytes: Array(data), path: path), reportText: String(decoding: data, as: UTF8.self))
    }
}
