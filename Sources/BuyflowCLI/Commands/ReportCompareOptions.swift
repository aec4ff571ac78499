import BuyflowCore
import BuyflowReport

/// The options of `buyflow report compare`.
struct ReportCompareOptions: ParsableOptions, Equatable {
    enum Format: String, OptionChoice {
        /// A line per step and operation, and a verdict.
        case text
        /// One `buyflow.compare/1` object.
        case json
    }

    var before: String
    var after: String
    var format: Format
    var thresholds: ComparisonThresholds
    var failOnRegression: Bool

    static let before = ArgumentSpec("before.json", help: "The earlier run report (buyflow.run/1 or buyflow.runs/1).")
    static let after = ArgumentSpec("after.json", help: "The later run report.")
    static let format = OptionSpec("format", value: Format.placeholder, help: "Output format (default: text).")
    static let threshold = OptionSpec(
        "threshold", value: "percent",
        help: "How much longer a step must take to count as slower, relative (default: 20%).")
    static let minDelta = OptionSpec(
        "min-delta", value: "duration",
        help: "How much longer a step must take to count as slower, absolute (default: 5ms).")
    static let failOnRegression = OptionSpec(
        "fail-on-regression",
        help: "Exit 1 when a step failed that passed, or a step or operation got slower.")

    static let argumentSpecs = [before, after]
    static let optionSpecs = [format, threshold, minDelta, failOnRegression]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        var thresholds = ComparisonThresholds.standard
        if let text = parsed.value(threshold) {
            let number = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let value = Double(number.trimmingSpaces), value.isFinite, value >= 0 else {
                throw parsed.usageError("invalid threshold '\(text)': expected a percentage such as 20%")
            }
            thresholds.relative = value / 100
        }
        if let text = parsed.value(minDelta) {
            guard let duration = DurationText.parse(text) else {
                throw parsed.usageError("invalid min delta '\(text)': expected a duration such as 5ms or 0.5s")
            }
            thresholds.absolute = duration
        }
        return Self(
            before: parsed.positionals[0], after: parsed.positionals[1], format: try parsed.choice(format) ?? .text,
            thresholds: thresholds, failOnRegression: parsed.flag(failOnRegression))
    }
}
