import BuyflowCore
import BuyflowReport

/// `buyflow report compare <before.json> <after.json>`: what changed between two run
/// reports, per step and per operation. Exit 0, or with `--fail-on-regression` 1 when a
/// step failed that passed before or a step or operation got slower; 2 when a report
/// cannot be read.
struct ReportCompareCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["report", "compare"],
        abstract: "Compare two run reports: status and duration changes per step and operation.",
        discussion: """
            Matches steps by run name and step id and reports, for each, a status change (passed →
            failed, …) and the change of its duration in ms and percent; for each GraphQL operation, the
            change of its mean time per request. A duration counts as slower only when it grew by both
            --threshold (relative) and --min-delta (absolute). Steps only in one report are listed as
            added or removed. The exit code is 0 unless --fail-on-regression is given and a step failed
            that passed before or a step or operation got slower (then 1).
            """,
        options: ReportCompareOptions.self,
        examples: [
            "buyflow report compare main.json branch.json",
            "buyflow report compare main.json branch.json --threshold 10% --min-delta 2ms --fail-on-regression",
            "buyflow report compare main.json branch.json --format json",
        ]
    )

    static func run(_ options: ReportCompareOptions, context: CommandContext) async -> ExitCode {
        let before: RunDocument
        let after: RunDocument
        do {
            before = try ReportFileReader.read(options.before)
            after = try ReportFileReader.read(options.after)
        } catch {
            context.report([error])
            return .invalid
        }
        let comparison = ReportComparison(before: before, after: after, thresholds: options.thresholds)
        switch options.format {
        case .text:
            context.console.write(ComparisonTextRenderer(before: options.before, after: options.after).render(comparison))
        case .json:
            context.console.write(String(decoding: comparison.prettyJSON(before: options.before, after: options.after), as: UTF8.self))
        }
        return options.failOnRegression && comparison.hasRegression ? .failure : .success
    }
}
