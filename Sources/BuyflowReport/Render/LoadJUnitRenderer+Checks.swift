import BuyflowCore

extension LoadJUnitRenderer {
    /// A `<testcase>` per check (classname `<file>.checks`, named `<step>: <expression>`),
    /// failed when any evaluation failed, its `<failure>` carrying the counts and the samples.
    func checkCases(_ report: LoadReport, className: String) -> (cases: [String], failures: Int) {
        var cases: [String] = []
        var failures = 0
        for check in report.checks {
            var out = "    <testcase" + attributes([("classname", className + ".checks"), ("name", check.name), ("time", "0.000")])
            if let location = check.location {
                out += attributes([("file", location.file), ("line", String(location.line))])
            }
            guard check.fails > 0 else {
                cases.append(out + "/>\n")
                continue
            }
            failures += 1
            let total = check.passes + check.fails
            let message = "\(check.fails) of \(total) failed: \(check.name)"
            var body = message + "\n"
            for sample in check.samples { body += "  " + LoadTextRenderer.sampleLine(sample) + "\n" }
            out += ">\n      <failure" + attributes([("message", message), ("type", check.kind.rawValue)]) + ">"
            out += Markup.text(body) + "</failure>\n    </testcase>\n"
            cases.append(out)
        }
        return (cases, failures)
    }
}
