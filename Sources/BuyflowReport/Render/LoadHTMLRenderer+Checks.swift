import BuyflowCore

extension LoadHTMLRenderer {
    /// The verdict's reason, when there is one beyond the badge.
    static func verdict(_ report: LoadReport) -> String {
        guard let line = LoadVerdict.line(report) else { return "" }
        return "<p class=\"verdict \(report.status == .passed ? "passed" : "failed")\">\(Markup.text(line))</p>\n"
    }

    /// A row per check (pass rate, passes, failures), each failing one followed by its
    /// samples: expected and actual side by side, where, and which request.
    static func checks(_ checks: [LoadCheck]) -> String {
        guard !checks.isEmpty else { return "" }
        var out = "<h3>Checks</h3>\n<table class=\"load\"><tr><th>check</th><th>pass rate</th><th>✓</th><th>✗</th><th>result</th></tr>\n"
        for check in checks {
            out += "<tr><td><code>\(Markup.text(check.name))</code></td><td class=\"num\">\(LoadTextRenderer.percent(check.passRate))</td>"
            out += "<td class=\"num\">\(check.passes)</td><td class=\"num\">\(check.fails)</td>"
            out += "<td>\(HTMLRenderer.badge(check.fails == 0 ? "passed" : "failed"))</td></tr>\n"
            guard !check.samples.isEmpty else { continue }
            out += "<tr class=\"samples\"><td colspan=\"5\"><table class=\"load\"><tr><th>expected</th><th>actual</th><th>at</th><th>request</th></tr>\n"
            for sample in check.samples {
                let expected = sample.expected.map { LoadTextRenderer.shortValue($0) } ?? sample.message ?? ""
                let actual = sample.actual.map { LoadTextRenderer.shortValue($0) } ?? ""
                var request = sample.requestId ?? "–"
                if let vu = sample.vu, let iteration = sample.iteration { request += " (vu \(vu), iteration \(iteration))" }
                out += "<tr><td><code>\(Markup.text(expected))</code></td><td><code>\(Markup.text(actual))</code></td>"
                out += "<td>\(Markup.text(sample.location?.description ?? "–"))</td><td>\(Markup.text(request))</td></tr>\n"
            }
            out += "</table></td></tr>\n"
        }
        return out + "</table>\n"
    }
}
