import BuyflowCore
import Foundation

/// A load report as one self-contained HTML page (no network assets): the summary and why
/// it passed or failed, the thresholds, the checks with samples of their failures, percentiles per step (table and chart), the latency histogram of every
/// request, and requests/s, errors and throttled requests second by second — charts as
/// inline SVG.
public struct LoadHTMLRenderer: Sendable {
    public init() {}

    public func render(_ report: LoadReport) -> String {
        let metrics = try? report.metrics()
        let title = "\(report.workflow.name) — load \(report.status.rawValue)"
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(Markup.text(title))</title>\n<style>\n\(HTMLStyle.css)\n\(Self.css)</style>\n</head>\n<body>\n"
        out += "<header class=\"page\"><h1>\(Markup.text(report.workflow.name)) \(HTMLRenderer.badge(report.status.rawValue))</h1>\n"
        out += "<p class=\"facts\">\(Markup.text(report.workflow.file)) · \(Markup.text(LoadTextRenderer.profileLine(report)))</p>\n"
        out += "<p class=\"facts\">\(report.requests.count) requests · \(LoadTextRenderer.number(report.requests.rps)) requests/s · "
        out += "errors \(LoadTextRenderer.percent(report.requests.errorRate)) · throttled \(report.throttled.count) (\(LoadTextRenderer.percent(report.throttled.rate)))</p>\n"
        out += Self.verdict(report)
        out += "</header>\n"
        if !report.thresholds.isEmpty {
            out += "<h3>Thresholds</h3>\n<table class=\"load\"><tr><th>threshold</th><th>actual</th><th>result</th></tr>\n"
            for threshold in report.thresholds {
                let actual = threshold.actual.map { LoadTextRenderer.number($0) } ?? "no data"
                out += "<tr><td><code>\(Markup.text(threshold.expression))</code></td><td class=\"num\">\(actual)</td>"
                out += "<td>\(HTMLRenderer.badge(threshold.passed ? "passed" : "failed"))</td></tr>\n"
            }
            out += "</table>\n"
        }
        out += Self.checks(report.checks)
        out += "<h3>Latency per step</h3>\n<table class=\"load\"><tr><th>step</th><th>count</th><th>min</th><th>avg</th><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th><th>errors</th><th>throttled</th></tr>\n"
        var chartRows: [(String, LatencyStats)] = report.latency.steps.map { ($0.key, $0.value) }
        chartRows.append(("all", report.latency.all))
        for (name, stats) in chartRows {
            let scope = name == "all" ? metrics?.all : metrics?.steps[name]
            out += "<tr><td class=\"id\">\(Markup.text(name))</td><td class=\"num\">\(stats.count)</td>"
            for value in [stats.min, stats.avg, stats.p50, stats.p90, stats.p95, stats.p99, stats.max] {
                out += "<td class=\"num\">\(LoadTextRenderer.ms(value))</td>"
            }
            out += "<td class=\"num\">\(scope.map { String($0.errorCount) } ?? "–")</td><td class=\"num\">\(scope.map { String($0.throttled) } ?? "–")</td></tr>\n"
        }
        out += "</table>\n"
        out += "<h3>Percentiles per step</h3>\n" + Self.percentileChart(chartRows)
        if let metrics, metrics.all.requests > 0 {
            out += "<h3>Latency histogram (every request)</h3>\n" + Self.histogramChart(metrics.all.latency)
        }
        if !report.timeline.isEmpty {
            out += "<h3>Requests per second</h3>\n" + Self.timelineChart(report.timeline.map { Double($0.requests) }, color: "#218bff", label: "requests/s")
            out += "<h3>Errors and throttled requests per second</h3>\n"
            out += Self.timelineChart(report.timeline.map { Double($0.errors) }, color: "#cf222e", label: "errors/s", second: report.timeline.map { Double($0.throttled) })
        }
        if !report.errors.isEmpty {
            out += "<h3>Errors</h3>\n<table class=\"load\"><tr><th>error</th><th>count</th></tr>\n"
            for entry in report.errors { out += "<tr><td class=\"id\">\(Markup.text(entry.key))</td><td class=\"num\">\(entry.value)</td></tr>\n" }
            out += "</table>\n"
        }
        if !report.operations.isEmpty {
            out += "<h3>Operations</h3>\n<table class=\"load\"><tr><th>operation</th><th>count</th><th>p95</th><th>error rate</th></tr>\n"
            for entry in report.operations {
                out += "<tr><td class=\"id\">\(Markup.text(entry.key))</td><td class=\"num\">\(entry.value.count)</td>"
                out += "<td class=\"num\">\(LoadTextRenderer.ms(entry.value.p95))</td><td class=\"num\">\(LoadTextRenderer.percent(entry.value.errorRate))</td></tr>\n"
            }
            out += "</table>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    static let css = """
        table.load { border-collapse: collapse; margin: 0 0 16px; }
        table.load th, table.load td { border-bottom: 1px solid var(--line); padding: 4px 10px; text-align: left; }
        table.load td.num { text-align: right; font-variant-numeric: tabular-nums; }
        svg.chart { display: block; max-width: 100%; height: auto; margin: 0 0 16px; }
        p.verdict.failed { color: var(--fail); font-weight: 600; }
        tr.samples > td { padding-left: 28px; }
        svg.chart text { font: 11px system-ui, "DejaVu Sans", sans-serif; fill: #656d76; }

        """

    /// Horizontal groups of bars: p50, p90, p95, p99 of each step, on one scale.
    static func percentileChart(_ rows: [(String, LatencyStats)]) -> String {
        let width = 760.0, rowHeight = 54.0, left = 150.0
        let height = rowHeight * Double(rows.count) + 24
        let top = rows.map { RenderFormat.milliseconds($0.1.p99) }.max() ?? 0
        let scale = top > 0 ? (width - left - 70) / top : 0
        let colors = [("p50", "#8c959f"), ("p90", "#d4a72c"), ("p95", "#218bff"), ("p99", "#cf222e")]
        var svg = "<svg class=\"chart\" role=\"img\" aria-label=\"percentiles per step\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (index, row) in rows.enumerated() {
            let y = Double(index) * rowHeight + 8
            svg += "<text x=\"0\" y=\"\(fmt(y + 24))\">\(Markup.text(row.0))</text>\n"
            let values = [row.1.p50, row.1.p90, row.1.p95, row.1.p99]
            for (bar, value) in values.enumerated() {
                let milliseconds = RenderFormat.milliseconds(value)
                let barY = y + Double(bar) * 11
                svg += "<rect x=\"\(fmt(left))\" y=\"\(fmt(barY))\" width=\"\(fmt(max(1, milliseconds * scale)))\" height=\"9\" fill=\"\(colors[bar].1)\"><title>\(colors[bar].0) \(LoadTextRenderer.ms(value))</title></rect>\n"
                svg += "<text x=\"\(fmt(left + milliseconds * scale + 4))\" y=\"\(fmt(barY + 8))\">\(colors[bar].0) \(LoadTextRenderer.ms(value))</text>\n"
            }
        }
        return svg + "</svg>\n"
    }

    /// The histogram's buckets gathered into at most 60 bins on a log scale of latency.
    static func histogramChart(_ histogram: LatencyHistogram) -> String {
        let width = 760.0, height = 220.0, bottom = 190.0, left = 40.0
        let low = max(1.0, Double(histogram.minNanoseconds)), high = max(low * 1.01, Double(histogram.maxNanoseconds) + 1)
        let bins = 60
        var counts = [UInt64](repeating: 0, count: bins)
        let span = log(high) - log(low)
        for (index, count) in histogram.counts.enumerated() where count > 0 {
            let (lower, bucketWidth) = LatencyHistogram.bounds(of: index)
            let middle = max(low, Double(lower) + Double(bucketWidth) / 2)
            let bin = min(bins - 1, max(0, Int((log(middle) - log(low)) / span * Double(bins))))
            counts[bin] += count
        }
        let most = Double(counts.max() ?? 1)
        let barWidth = (width - left - 10) / Double(bins)
        var svg = "<svg class=\"chart\" role=\"img\" aria-label=\"latency histogram\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (bin, count) in counts.enumerated() where count > 0 {
            let barHeight = Double(count) / most * (bottom - 10)
            let from = exp(log(low) + span * Double(bin) / Double(bins)) / 1e6
            let to = exp(log(low) + span * Double(bin + 1) / Double(bins)) / 1e6
            svg += "<rect x=\"\(fmt(left + Double(bin) * barWidth))\" y=\"\(fmt(bottom - barHeight))\" width=\"\(fmt(max(1, barWidth - 1)))\" height=\"\(fmt(barHeight))\" fill=\"#218bff\">"
            svg += "<title>\(String(format: "%.3f–%.3f ms", from, to)): \(count)</title></rect>\n"
        }
        svg += "<line x1=\"\(fmt(left))\" y1=\"\(fmt(bottom))\" x2=\"\(fmt(width - 10))\" y2=\"\(fmt(bottom))\" stroke=\"#d0d7de\"/>\n"
        for tick in 0...4 {
            let value = exp(log(low) + span * Double(tick) / 4) / 1e6
            let x = left + (width - left - 10) * Double(tick) / 4
            let anchor = tick == 0 ? "start" : tick == 4 ? "end" : "middle"
            svg += "<text x=\"\(fmt(x))\" y=\"\(fmt(bottom + 16))\" text-anchor=\"\(anchor)\">\(String(format: value < 10 ? "%.2f ms" : "%.0f ms", value))</text>\n"
        }
        svg += "<text x=\"0\" y=\"12\">requests</text>\n"
        return svg + "</svg>\n"
    }

    /// One bar a second (and a second series as a line, when given).
    static func timelineChart(_ values: [Double], color: String, label: String, second: [Double]? = nil) -> String {
        let width = 760.0, height = 180.0, bottom = 150.0, left = 50.0
        let top = max(1, max(values.max() ?? 0, second?.max() ?? 0))
        let barWidth = (width - left - 10) / Double(max(values.count, 1))
        var svg = "<svg class=\"chart\" role=\"img\" aria-label=\"\(label) over time\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (index, value) in values.enumerated() {
            let barHeight = value / top * (bottom - 10)
            svg += "<rect x=\"\(fmt(left + Double(index) * barWidth))\" y=\"\(fmt(bottom - barHeight))\" width=\"\(fmt(max(1, barWidth - 1)))\" height=\"\(fmt(barHeight))\" fill=\"\(color)\"><title>\(index) s: \(LoadTextRenderer.number(value)) \(label)</title></rect>\n"
        }
        if let second {
            let points = second.enumerated().map { index, value in
                "\(fmt(left + (Double(index) + 0.5) * barWidth)),\(fmt(bottom - value / top * (bottom - 10)))"
            }.joined(separator: " ")
            svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"#d4a72c\" stroke-width=\"2\"><title>throttled/s</title></polyline>\n"
            svg += "<text x=\"\(fmt(width - 120))\" y=\"12\" fill=\"#d4a72c\">— throttled/s</text>\n"
        }
        svg += "<line x1=\"\(fmt(left))\" y1=\"\(fmt(bottom))\" x2=\"\(fmt(width - 10))\" y2=\"\(fmt(bottom))\" stroke=\"#d0d7de\"/>\n"
        svg += "<text x=\"0\" y=\"12\">\(LoadTextRenderer.number(top)) \(label)</text>\n"
        svg += "<text x=\"\(fmt(left))\" y=\"\(fmt(bottom + 16))\">0 s</text>\n"
        svg += "<text x=\"\(fmt(width - 10))\" y=\"\(fmt(bottom + 16))\" text-anchor=\"end\">\(values.count) s</text>\n"
        return svg + "</svg>\n"
    }

    static func fmt(_ value: Double) -> String { String(format: "%.1f", value) }
}
