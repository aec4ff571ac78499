import BuyflowCore

extension LoadTextRenderer {
    /// The checks as k6 prints them, `✔ Shop: data.shop.name == "Sample Shoes"  100.00%  ✓ 980  ✗ 0`,
    /// each failing one followed by its samples (expected, actual, where, which request).
    static func checks(_ checks: [LoadCheck]) -> String {
        guard !checks.isEmpty else { return "" }
        let rows = checks.map { check in
            ["\(check.fails == 0 ? "✔" : "✘") \(check.name)", percent(check.passRate), "✓ \(check.passes)", "✗ \(check.fails)"]
        }
        let lines = table(rows).split(separator: "\n", omittingEmptySubsequences: false)
        var out = "\n  checks:\n"
        for (check, line) in zip(checks, lines) {
            out += "  " + line + "\n"
            for sample in check.samples { out += "        " + sampleLine(sample) + "\n" }
        }
        return out
    }

    /// `expected "Nope" · actual "Classic Sneaker" · at load.yaml:12:9 · request req-12 (vu 1, iteration 3)`.
    public static func sampleLine(_ sample: LoadCheckSample) -> String {
        var parts: [String] = []
        if let expected = sample.expected { parts.append("expected \(shortValue(expected))") }
        if let actual = sample.actual { parts.append("actual \(shortValue(actual))") }
        if parts.isEmpty, let message = sample.message { parts.append(message) }
        if let location = sample.location { parts.append("at \(location)") }
        var request = sample.requestId.map { "request \($0)" } ?? ""
        if let vu = sample.vu, let iteration = sample.iteration {
            request += (request.isEmpty ? "" : " ") + "(vu \(vu), iteration \(iteration))"
        }
        if !request.isEmpty { parts.append(request) }
        return parts.joined(separator: " · ")
    }

    /// A value on one line, cut at 120 characters.
    static func shortValue(_ value: JSONValue) -> String {
        let text = value.description
        return text.count > 120 ? String(text.prefix(119)) + "…" : text
    }
}
