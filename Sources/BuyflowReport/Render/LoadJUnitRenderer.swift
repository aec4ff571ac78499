import BuyflowCore

/// A load report as JUnit XML: one `<testsuite>` with a `<testcase>` per threshold (failed
/// when breached, the actual value in the message), one per check (failed when any
/// evaluation failed, with samples) and one per step (failed when any of its requests
/// failed, with the errors by kind); throttled requests are properties, not failures. A
/// step's time is its share of the load's wall time (by time spent in its requests), so no
/// testcase outlasts its suite: the requests of many VUs overlap.
public struct LoadJUnitRenderer: Sendable {
    public init() {}

    public func render(_ report: LoadReport) -> String {
        let metrics = try? report.metrics()
        let className = JUnitRenderer.className(report.workflow.file)
        var cases: [String] = []
        var failures = 0
        for threshold in report.thresholds {
            var out = "    <testcase" + attributes([("classname", className + ".thresholds"), ("name", threshold.expression), ("time", "0.000")])
            if threshold.passed {
                out += "/>\n"
            } else {
                failures += 1
                let actual = threshold.actual.map { LoadTextRenderer.number($0) } ?? "no data"
                let message = "threshold breached: \(threshold.expression) (actual \(actual))"
                out += ">\n      <failure" + attributes([("message", message), ("type", "threshold")]) + ">" + Markup.text(message) + "</failure>\n    </testcase>\n"
            }
            cases.append(out)
        }
        let checks = checkCases(report, className: className)
        cases += checks.cases
        failures += checks.failures
        let requestTime = report.latency.steps.reduce(0.0) { $0 + RenderFormat.milliseconds($1.value.avg) * Double($1.value.count) }
        for entry in report.latency.steps {
            let stats = entry.value
            let share = requestTime > 0 ? RenderFormat.milliseconds(stats.avg) * Double(stats.count) / requestTime : 0
            let scope = metrics?.steps[entry.key]
            var out = "    <testcase" + attributes([
                ("classname", className + ".steps"), ("name", entry.key),
                ("time", RenderFormat.seconds(report.duration * share)),
            ]) + ">\n"
            out += "      <properties>\n"
            for (name, value) in [("count", String(stats.count)), ("p50Ms", LoadTextRenderer.number(RenderFormat.milliseconds(stats.p50))),
                                  ("p95Ms", LoadTextRenderer.number(RenderFormat.milliseconds(stats.p95))),
                                  ("p99Ms", LoadTextRenderer.number(RenderFormat.milliseconds(stats.p99))),
                                  ("throttled", String(scope?.throttled ?? 0))] {
                out += "        <property" + attributes([("name", name), ("value", value)]) + "/>\n"
            }
            out += "      </properties>\n"
            if let scope, scope.errorCount > 0 {
                failures += 1
                let kinds = scope.errorsByFrequency.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                let message = "\(scope.errorCount) of \(stats.count) requests failed (\(kinds))"
                out += "      <failure" + attributes([("message", message), ("type", scope.errorsByFrequency.first?.key ?? "error")]) + ">"
                out += Markup.text(message) + "</failure>\n"
            }
            out += "    </testcase>\n"
            cases.append(out)
        }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += "<testsuites" + attributes([
            ("name", "buyflow load"), ("tests", String(cases.count)), ("failures", String(failures)), ("errors", "0"),
            ("time", RenderFormat.seconds(report.duration)),
        ]) + ">\n"
        var suite: [(String, String)] = [
            ("name", report.workflow.name), ("tests", String(cases.count)), ("failures", String(failures)), ("errors", "0"),
            ("skipped", "0"), ("time", RenderFormat.seconds(report.duration)),
        ]
        if let startedAt = report.startedAt { suite.append(("timestamp", RenderFormat.secondsTimestamp(startedAt))) }
        out += "  <testsuite" + attributes(suite) + ">\n"
        out += "    <properties>\n"
        for (name, value) in [("requests", String(report.requests.count)), ("rps", LoadTextRenderer.number(report.requests.rps)),
                              ("errorRate", LoadTextRenderer.number(report.requests.errorRate)), ("throttled", String(report.throttled.count)),
                              ("iterations", String(report.iterations.completed)), ("status", report.status.rawValue)] {
            out += "      <property" + attributes([("name", name), ("value", value)]) + "/>\n"
        }
        out += "    </properties>\n"
        out += cases.joined()
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(Markup.attribute($0.1))\"" }.joined()
    }
}
