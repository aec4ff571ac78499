import BuyflowCore
import BuyflowReport
import BuyflowWorkflow

/// Merges the load reports of shards that ran side by side into the report of the whole
/// load: histograms merge exactly (the merged percentiles are those of one run over all
/// the samples, within the histogram's precision), counters and the timeline add up, the
/// duration is the longest shard's, and the thresholds (every shard's, once each) are
/// evaluated again on the merged data, so the status is that of the whole load.
///
/// A shard whose own totals do not add up (see `LoadReport.metrics(at:)`), or of another
/// workflow, is refused.
public enum LoadReportMerger {
    public static func merge(_ shards: [(path: String, report: LoadReport)]) throws(Diagnostic) -> LoadReport {
        guard let first = shards.first else { throw Diagnostic.error("nothing to merge: give at least one load report", code: "report.merge") }
        var metrics = LoadMetrics()
        var elapsed = Duration.zero
        var startedAt: Timestamp?
        var expressions: [String] = []
        for (path, report) in shards {
            guard report.workflow.name == first.report.workflow.name else {
                throw Diagnostic.error(
                    "cannot merge '\(path)': it is a load of workflow '\(report.workflow.name)', not '\(first.report.workflow.name)'",
                    code: "report.merge")
            }
            metrics.merge(try report.metrics(at: path))
            elapsed = max(elapsed, report.duration)
            if let started = report.startedAt, startedAt.map({ started.millisecondsSince1970 < $0.millisecondsSince1970 }) ?? true {
                startedAt = started
            }
            for threshold in report.thresholds where !expressions.contains(threshold.expression) { expressions.append(threshold.expression) }
        }
        var thresholds: [Threshold] = []
        for expression in expressions {
            switch ThresholdParser.parse(expression) {
            case .success(let threshold): thresholds.append(threshold)
            case .failure(let failure):
                throw Diagnostic.error("cannot merge: threshold '\(expression)' does not parse: \(failure.message)", code: "report.merge")
            }
        }
        return LoadReportBuilder.report(
            workflow: first.report.workflow, target: first.report.target, profile: profile(shards.map(\.report.profile)),
            thresholds: thresholds, metrics: metrics, elapsed: elapsed, startedAt: startedAt
        )
    }

    /// The shards' profiles together: VUs, iterations, rates and VU limits add up; the
    /// longest duration and ramp-up.
    static func profile(_ profiles: [BuyflowReport.LoadProfile]) -> BuyflowReport.LoadProfile {
        func sum(_ values: [Int?]) -> Int? { values.allSatisfy { $0 == nil } ? nil : values.reduce(0) { $0 + ($1 ?? 0) } }
        func longest(_ values: [Duration?]) -> Duration? { values.compactMap { $0 }.max() }
        let rates = profiles.compactMap(\.arrivalRate)
        return BuyflowReport.LoadProfile(
            vus: sum(profiles.map(\.vus)), duration: longest(profiles.map(\.duration)), iterations: sum(profiles.map(\.iterations)),
            rampUp: longest(profiles.map(\.rampUp)), arrivalRate: rates.isEmpty ? nil : rates.reduce(0, +), maxVus: sum(profiles.map(\.maxVus))
        )
    }
}
