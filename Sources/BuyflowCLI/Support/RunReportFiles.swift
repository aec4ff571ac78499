import BuyflowCore
import BuyflowReport

/// The reports `--report <format>=<path>` asks for, written atomically once the runs end
/// (also when they failed). One run gives a `buyflow.run/1` report; several (workflows or
/// data rows) a `buyflow.runs/1` report.
enum RunReportFiles {
    static func write(_ runs: [RunReport], requests: [ReportOptions.Request], sources: [SourceFile]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for request in requests {
            let bytes: [UInt8]
            switch request.format {
            case .json:
                bytes = runs.count == 1 ? runs[0].prettyJSON() : RunsReport(runs: runs).prettyJSON()
            case .text:
                let renderer = RunTextRenderer(sources: sources)
                bytes = Array((runs.count == 1 ? renderer.render(runs[0]) : renderer.render(RunsReport(runs: runs))).utf8)
            case .junit:
                bytes = Array(JUnitRenderer().render(runs: runs).utf8)
            case .tap:
                bytes = Array(TAPRenderer().render(runs: runs).utf8)
            case .html:
                bytes = Array(HTMLRenderer().render(runs: runs).utf8)
            }
            do {
                try ReportWriter.write(bytes, to: request.path, inputs: sources.map(\.path))
            } catch {
                problems.append(error)
            }
        }
        return problems
    }
}
