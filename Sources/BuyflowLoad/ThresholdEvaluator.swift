import BuyflowReport
import BuyflowWorkflow

/// Evaluates load thresholds (`p95(step:create-cart) < 300ms`) over measured metrics.
///
/// The actual value is in the threshold's unit: milliseconds for `pNN`, `avg`, `min`,
/// `max`; a ratio (0…1) for `error_rate` and `throttle_rate`; requests a second for `rps`
/// (requests over `elapsed`); a number of requests for `count`. A scope with no request
/// has `count` and `rps` 0 and no other value: such a threshold fails (nothing proved it).
public enum ThresholdEvaluator {
    /// The result written in a report.
    public static func evaluate(_ threshold: Threshold, on metrics: LoadMetrics, elapsed: Duration) -> ThresholdResult {
        let actual = self.actual(threshold.statistic, scope: threshold.scope, on: metrics, elapsed: elapsed)
        return ThresholdResult(expression: threshold.text, actual: actual, passed: actual.map { holds(threshold, $0) } ?? false)
    }

    /// Every threshold, in order.
    public static func evaluate(_ thresholds: [Threshold], on metrics: LoadMetrics, elapsed: Duration) -> [ThresholdResult] {
        thresholds.map { evaluate($0, on: metrics, elapsed: elapsed) }
    }

    /// Whether `actual` satisfies the threshold's comparison.
    public static func holds(_ threshold: Threshold, _ actual: Double) -> Bool {
        switch threshold.comparison {
        case .less: actual < threshold.value
        case .lessOrEqual: actual <= threshold.value
        case .greater: actual > threshold.value
        case .greaterOrEqual: actual >= threshold.value
        }
    }

    /// The first threshold already breached for good while the run goes on (`abortOnFail`):
    /// only the statistics that cannot come back once broken — `max` above, `min` below,
    /// `count` above its bound — and, after `settle` of the run, any other one measured.
    public static func breach(
        _ thresholds: [Threshold], on metrics: LoadMetrics, elapsed: Duration, settle: Duration = .seconds(5)
    ) -> ThresholdResult? {
        for threshold in thresholds {
            guard let actual = actual(threshold.statistic, scope: threshold.scope, on: metrics, elapsed: elapsed),
                  !holds(threshold, actual)
            else { continue }
            let final: Bool = switch (threshold.statistic, threshold.comparison) {
            case (.max, .less), (.max, .lessOrEqual), (.min, .greater), (.min, .greaterOrEqual),
                 (.count, .less), (.count, .lessOrEqual):
                true
            default:
                elapsed >= settle
            }
            if final { return ThresholdResult(expression: threshold.text, actual: actual, passed: false) }
        }
        return nil
    }

    /// The measured value of `statistic` over `scope`, `nil` when there is nothing to measure.
    public static func actual(
        _ statistic: Threshold.Statistic, scope: Threshold.Scope, on metrics: LoadMetrics, elapsed: Duration
    ) -> Double? {
        let measured: ScopeMetrics? = switch scope {
        case .all: metrics.all
        case .step(let id): metrics.steps[id]
        case .operation(let name): metrics.operations[name]
        }
        let requests = measured?.requests ?? 0
        switch statistic {
        case .count:
            return Double(requests)
        case .rps:
            let seconds = milliseconds(elapsed) / 1000
            return seconds > 0 ? Double(requests) / seconds : 0
        default:
            break
        }
        guard let measured, requests > 0 else { return nil }
        switch statistic {
        case .percentile(let percent): return milliseconds(measured.latency.percentile(percent))
        case .avg: return milliseconds(measured.latency.mean)
        case .min: return milliseconds(measured.latency.min)
        case .max: return milliseconds(measured.latency.max)
        case .errorRate: return measured.errorRate
        case .throttleRate: return measured.throttleRate
        case .rps, .count: return nil
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
