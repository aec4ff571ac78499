import BuyflowCore
import Foundation

/// A load report as plain text: the summary and why it passed or failed, a latency table per
/// step and per operation (with errors and throttled requests), errors by kind, each check
/// with its pass rate and samples of its failures, and each threshold with its value.
/// `buyflow load` prints the same at the end of a run.
public struct LoadTextRenderer: Sendable {
    public init() {}

    public func render(_ report: LoadReport) -> String {
        var out = "\(report.workflow.name) — \(report.status.rawValue) (\(report.workflow.file))\n"
        out += "  " + Self.profileLine(report) + "\n"
        var requestLine = "  \(report.requests.count) requests, \(Self.number(report.requests.rps))/s; "
        requestLine += "errors \(Self.percent(report.requests.errorRate)); throttled \(report.throttled.count) (\(Self.percent(report.throttled.rate)))"
        out += requestLine + "\n"
        if let verdict = LoadVerdict.line(report) { out += "  " + verdict + "\n" }
        out += "\n"
        let metrics = try? report.metrics()
        var rows: [[String]] = [["step", "count", "min", "avg", "p50", "p90", "p95", "p99", "max", "errors", "throttled"]]
        func row(_ name: String, _ stats: LatencyStats, _ scope: ScopeMetrics?) -> [String] {
            [name, String(stats.count), Self.ms(stats.min), Self.ms(stats.avg), Self.ms(stats.p50), Self.ms(stats.p90), Self.ms(stats.p95),
             Self.ms(stats.p99), Self.ms(stats.max), scope.map { String($0.errorCount) } ?? "–", scope.map { String($0.throttled) } ?? "–"]
        }
        for entry in report.latency.steps { rows.append(row(entry.key, entry.value, metrics?.steps[entry.key])) }
        rows.append(row("all", report.latency.all, metrics?.all))
        out += Self.table(rows)
        if !report.operations.isEmpty {
            var operations: [[String]] = [["operation", "count", "p95", "error rate"]]
            for entry in report.operations {
                operations.append([entry.key, String(entry.value.count), Self.ms(entry.value.p95), Self.percent(entry.value.errorRate)])
            }
            out += "\n" + Self.table(operations)
        }
        if let metrics, metrics.connect.count > 0 || metrics.firstByte.count > 0 {
            out += "\n  connect p95 \(Self.ms(metrics.connect.percentile(95))), time to first byte p95 \(Self.ms(metrics.firstByte.percentile(95)))\n"
        }
        if !report.errors.isEmpty {
            out += "\n  errors: " + report.errors.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n"
        }
        out += Self.checks(report.checks)
        if !report.thresholds.isEmpty {
            out += "\n  thresholds:\n"
            for threshold in report.thresholds {
                let actual = threshold.actual.map { Self.number($0) } ?? "no data"
                out += "    \(threshold.passed ? "✔" : "✘") \(threshold.expression)  (actual \(actual))\n"
            }
        }
        return out
    }

    /// `20 VUs, 30 s (ramp-up 5 s); 1834 iterations (2 failed)`.
    static func profileLine(_ report: LoadReport) -> String {
        let profile = report.profile
        var parts: [String] = []
        if let rate = profile.arrivalRate {
            parts.append("\(number(rate)) iterations/s on at most \(profile.maxVus ?? 0) VUs")
        } else {
            parts.append("\(profile.vus ?? 1) VU\(profile.vus == 1 ? "" : "s")")
        }
        if let duration = profile.duration { parts.append(RenderFormat.short(duration)) }
        if let iterations = profile.iterations { parts.append("at most \(iterations) iterations") }
        if let rampUp = profile.rampUp { parts.append("ramp-up \(RenderFormat.short(rampUp))") }
        var line = parts.joined(separator: ", ") + "; ran \(RenderFormat.short(report.duration)): "
        line += "\(report.iterations.completed) iterations (\(report.iterations.failed) failed"
        if let dropped = report.iterations.dropped { line += ", \(dropped) dropped" }
        return line + ")"
    }

    /// `12.34ms`.
    public static func ms(_ duration: Duration) -> String { String(format: "%.2fms", RenderFormat.milliseconds(duration)) }

    /// A ratio as `1.25%`.
    public static func percent(_ rate: Double) -> String { String(format: "%.2f%%", rate * 100) }

    /// A whole number as such, others with two decimals.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(format: "%.2f", value)
    }

    /// Columns padded; the first left-aligned, the others right-aligned.
    static func table(_ rows: [[String]]) -> String {
        guard let columns = rows.first?.count else { return "" }
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            "  " + row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
