/// The options of `buyflow report render`.
struct ReportRenderOptions: ParsableOptions, Equatable {
    /// The formats a saved run report renders to.
    enum Format: String, OptionChoice {
        case junit, tap, html, text
    }

    /// The saved report.
    var report: String
    var format: Format
    /// `nil` prints to stdout.
    var output: String?

    static let report = ArgumentSpec(
        "report.json", help: "A run report (buyflow.run/1) or a report of several runs (buyflow.runs/1), as --report json=… writes it.")
    static let format = OptionSpec("format", value: Format.placeholder, help: "Output format (default: text).")
    static let output = OptionSpec(
        "output", value: "file", help: "Write the rendered report to a file (atomically) instead of stdout.")

    static let argumentSpecs = [report]
    static let optionSpecs = [format, output]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        Self(report: parsed.positionals[0], format: try parsed.choice(format) ?? .text, output: try parsed.nonEmpty(output))
    }
}
