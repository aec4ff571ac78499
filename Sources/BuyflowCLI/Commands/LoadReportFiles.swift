import BuyflowCore
import BuyflowReport

/// The reports `buyflow load --report <format>=<path>` asks for: `json` (`buyflow.load/1`),
/// `text`, `junit` and `html`, written atomically at the end (also when a threshold failed).
enum LoadReportFiles {
    static func write(_ report: LoadReport, requests: [ReportOptions.Request]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for request in requests {
            let bytes: [UInt8]
            switch request.format {
            case .json: bytes = report.prettyJSON()
            case .text: bytes = Array(LoadTextRenderer().render(report).utf8)
            case .junit: bytes = Array(LoadJUnitRenderer().render(report).utf8)
            case .html: bytes = Array(LoadHTMLRenderer().render(report).utf8)
            case .tap:
                problems.append(.error("a load report cannot be written as tap ('\(request.path)')", code: "report.format"))
                continue
            }
            do {
                try ReportWriter.write(bytes, to: request.path)
            } catch {
                problems.append(error)
            }
        }
        return problems
    }
}
