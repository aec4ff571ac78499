import BuyflowReport
import BuyflowWorkflow

/// Makes a load report out of measured metrics, evaluating the thresholds on them. The
/// verdict: with thresholds, they decide (`error_rate(all) < 1%` tolerates some failed
/// checks); without, a load passes only when no iteration failed and no check failed.
public enum LoadReportBuilder {
    public static func report(
        workflow: WorkflowInfo, target: TargetInfo?, profile: BuyflowReport.LoadProfile, thresholds: [Threshold],
        metrics: LoadMetrics, elapsed: Duration, startedAt: Timestamp?, breach: ThresholdResult? = nil
    ) -> LoadReport {
        var results = ThresholdEvaluator.evaluate(thresholds, on: metrics, elapsed: elapsed)
        if let breach, let index = results.firstIndex(where: { $0.expression == breach.expression }), results[index].passed {
            results[index] = breach
        }
        let seconds = ThresholdEvaluator.milliseconds(elapsed) / 1000
        let all = metrics.all
        let passed = thresholds.isEmpty
            ? metrics.iterationsFailed == 0 && metrics.checks.allSatisfy { $0.fails == 0 }
            : results.allSatisfy(\.passed)
        return LoadReport(
            workflow: workflow, target: target, profile: profile,
            status: passed ? .passed : .failed, startedAt: startedAt, duration: elapsed,
            iterations: LoadReport.Iterations(
                completed: metrics.iterationsCompleted, failed: metrics.iterationsFailed,
                dropped: profile.arrivalRate != nil ? metrics.iterationsDropped : nil
            ),
            requests: LoadReport.Requests(count: all.requests, rps: seconds > 0 ? Double(all.requests) / seconds : 0, errorRate: all.errorRate),
            latency: LoadReport.Latency(all: all.latency.stats, steps: OrderedMap(metrics.steps.map { ($0.key, $0.value.latency.stats) })),
            errors: all.errorsByFrequency,
            throttled: LoadReport.Throttled(count: all.throttled, rate: all.throttleRate),
            operations: OrderedMap(metrics.operations.map { entry in
                (entry.key, OperationStats(count: entry.value.requests, p95: entry.value.latency.percentile(95), errorRate: entry.value.errorRate))
            }),
            checks: metrics.checks, thresholds: results, histograms: metrics.histogramsJSON, timeline: metrics.timeline
        )
    }
}
