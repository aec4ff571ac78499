import Buy
import BuyflowReport

/// A step while it runs: its report so far and its last response.
struct StepRun {
    var report: StepReport
    let progress: StepProgress
    /// The last exchange (for `repro` when a check fails).
    var last: Graph.Exchange?
    /// The last response as expressions see it (`steps.<id>` afterwards).
    var values: ResponseValues?

    /// Adds a warning unless the step has it already.
    mutating func warn(_ warning: ReportWarning) {
        if !report.warnings.contains(warning) { report.warnings.append(warning) }
    }
}
