/// The reports a command writes: `--report <format>=<path>`, repeatable.
struct ReportOptions: ParsableOptions, Equatable {
    /// A report format of the contract (`shared/spec/cli-and-reports.md`).
    enum Format: String, OptionChoice {
        case json, junit, tap, html, text
    }

    /// One `--report format=path`.
    struct Request: Sendable, Equatable {
        var format: Format
        var path: String
    }

    /// In command-line order.
    var reports: [Request]

    static let reports = OptionSpec(
        "report", value: "format=path", repeatable: true,
        help: "Write a report: \(Format.allCases.map(\.rawValue).joined(separator: ", "))"
            + " (e.g. junit=reports/junit.xml).")

    static let optionSpecs = [reports]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        var requests: [Request] = []
        for text in parsed.values(reports) {
            let request = try parseRequest(text, parsed)
            if requests.contains(where: { $0.path == request.path }) {
                throw parsed.usageError(
                    "two reports are written to '\(request.path)'", hint: "give each report its own path")
            }
            requests.append(request)
        }
        return Self(reports: requests)
    }

    static func parseRequest(_ text: String, _ parsed: ParsedArguments) throws(UsageError) -> Request {
        guard let equals = text.firstIndex(of: "=") else {
            let format = Format(rawValue: text)
            throw parsed.usageError(
                "invalid report '\(text)': expected <format>=<path>",
                hint: "e.g. --report \(format?.rawValue ?? "junit")=\(examplePath(format ?? .junit))")
        }
        let format: Format = try parsed.choice(String(text[..<equals]), noun: "report format")
        let path = String(text[text.index(after: equals)...])
        guard !path.isEmpty else {
            throw parsed.usageError(
                "invalid report '\(text)': the path is empty",
                hint: "e.g. --report \(format.rawValue)=\(examplePath(format))")
        }
        return Request(format: format, path: path)
    }

    private static func examplePath(_ format: Format) -> String {
        switch format {
        case .json: "reports/run.json"
        case .junit: "reports/junit.xml"
        case .tap: "reports/run.tap"
        case .html: "reports/run.html"
        case .text: "reports/run.txt"
        }
    }
}
