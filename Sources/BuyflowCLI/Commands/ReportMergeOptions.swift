import BuyflowCore

/// The options of `buyflow report merge`.
struct ReportMergeOptions: ParsableOptions, Equatable {
    var paths: [String]
    /// Where the merged JSON goes; stdout without it.
    var output: String?
    var reports: ReportOptions

    static let paths = ArgumentSpec("load reports", help: "The shards' load reports (buyflow.load/1 JSON).", repeatable: true)
    static let output = OptionSpec("output", short: "o", value: "path", help: "Write the merged load report here (default: stdout).")

    static let argumentSpecs = [paths]
    static let optionSpecs = [output] + ReportOptions.optionSpecs

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        let reports = try ReportOptions.parse(parsed)
        if let tap = reports.reports.first(where: { $0.format == .tap }) {
            throw parsed.usageError("a load report cannot be written as tap ('\(tap.path)')", hint: "use json, text, junit or html")
        }
        return Self(paths: parsed.positionals, output: try parsed.nonEmpty(output), reports: reports)
    }
}
