import BuyflowCore
import BuyflowReport
import Foundation
import Testing

/// One `buyflow run …` of the real binary, with its JSON report decoded.
struct BuyflowRun: Sendable {
    var output: Subprocess.Output
    /// The runs of the report: one for a `buyflow.run/1` report, each run of a
    /// `buyflow.runs/1` one.
    var runs: [RunReport]
    /// The `buyflow.runs/1` report, when the run wrote one.
    var runsReport: RunsReport?
    /// The report file's text, as written.
    var reportText: String

    var exitCode: Int32 { output.exitCode }

    /// The only run; a test failure when there is not exactly one.
    func run(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> RunReport {
        try #require(runs.count == 1, "expected one run, found \(runs.count)", sourceLocation: sourceLocation)
        return runs[0]
    }

    /// The step named `name` of the only run.
    func step(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> StepReport {
        let run = try run(sourceLocation: sourceLocation)
        return try #require(
            run.steps.first { $0.name == name }, "no step '\(name)' in \(run.steps.map(\.name))",
            sourceLocation: sourceLocation)
    }

    /// Runs `buyflow run <arguments> --report json=<temporary file>` and decodes the report.
    /// `expectReport: false` for runs that must not write one (an invalid workflow).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], expectReport: Bool = true,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> BuyflowRun {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reportURL = directory.appendingPathComponent("run.json")
        let output = try await Subprocess.buyflow(
            ["run"] + arguments + ["--report", "json=\(reportURL.path)"], environment: environment,
            sourceLocation: sourceLocation)
        guard let data = try? Data(contentsOf: reportURL) else {
            if expectReport {
                Issue.record(
                    "no JSON report was written (exit \(output.exitCode)):\n\(output.combined)",
                    sourceLocation: sourceLocation)
            }
            return BuyflowRun(output: output, runs: [], runsReport: nil, reportText: "")
        }
        let text = String(decoding: data, as: UTF8.self)
        do {
            if text.contains("\"format\": \"buyflow.runs/1\"") {
                let report = try RunsReport(bytes: Array(data), path: reportURL.path)
                return BuyflowRun(output: output, runs: report.runs, runsReport: report, reportText: text)
            }
            let report = try RunReport(bytes: Array(data), path: reportURL.path)
            return BuyflowRun(output: output, runs: [report], runsReport: nil, reportText: text)
        } catch {
            Issue.record("the JSON report does not decode: \(error.message)\n\(text)", sourceLocation: sourceLocation)
            throw error
        }
    }
}
