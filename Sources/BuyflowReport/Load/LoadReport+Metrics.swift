import BuyflowCore

extension LoadReport {
    /// The mergeable metrics the report keeps (`histograms`, `timeline`, `iterations`),
    /// checked against the report's own totals: a report whose counters do not add up
    /// (requests, latency counts, errors, throttled, steps, timeline) is refused, naming
    /// the first mismatch.
    public func metrics(at path: String = "$") throws(Diagnostic) -> LoadMetrics {
        let reader = try JSONFieldReader(histograms, at: "\(path).histograms")
        guard try reader.optionalString("encoding") == LoadMetrics.encoding else {
            throw JSONFieldReader.invalid(reader.path, "expected histograms encoded as '\(LoadMetrics.encoding)'")
        }
        var metrics = LoadMetrics()
        metrics.all = try reader.nested("all")
        metrics.steps = try OrderedMap(json: reader.optional("steps") ?? [:], at: reader.path("steps"))
        metrics.operations = try OrderedMap(json: reader.optional("operations") ?? [:], at: reader.path("operations"))
        metrics.connect = try reader.optionalNested("connect") ?? LatencyHistogram()
        metrics.firstByte = try reader.optionalNested("firstByte") ?? LatencyHistogram()
        metrics.timeline = []
        for second in timeline { metrics[second: second.second].merge(second) }
        metrics.iterationsCompleted = iterations.completed
        metrics.iterationsFailed = iterations.failed
        metrics.iterationsDropped = iterations.dropped ?? 0
        metrics.checks = checks
        try check(metrics, at: path)
        return metrics
    }

    private func check(_ metrics: LoadMetrics, at path: String) throws(Diagnostic) {
        func mismatch(_ what: String, _ found: Int, _ expected: Int) throws(Diagnostic) {
            guard found != expected else { return }
            throw Diagnostic.error(
                "inconsistent load report: \(path): \(what) is \(found) but should be \(expected)", code: "report.inconsistent"
            )
        }
        let all = metrics.all
        try mismatch("requests.count", requests.count, all.requests)
        try mismatch("latency.all.count", latency.all.count, all.requests)
        try mismatch("the sum of 'errors'", errors.reduce(0) { $0 + $1.value }, all.errorCount)
        try mismatch("throttled.count", throttled.count, all.throttled)
        if !metrics.steps.isEmpty {
            try mismatch("the sum of the steps' requests", metrics.steps.reduce(0) { $0 + $1.value.requests }, all.requests)
            try mismatch("the sum of the steps' errors", metrics.steps.reduce(0) { $0 + $1.value.errorCount }, all.errorCount)
        }
        for entry in latency.steps {
            try mismatch("latency.steps.\(entry.key).count", entry.value.count, metrics.steps[entry.key]?.requests ?? 0)
        }
        for entry in operations {
            try mismatch("operations.\(entry.key).count", entry.value.count, metrics.operations[entry.key]?.requests ?? 0)
        }
        if !metrics.timeline.isEmpty {
            try mismatch("the timeline's requests", metrics.timeline.reduce(0) { $0 + $1.requests }, all.requests)
            try mismatch("the timeline's errors", metrics.timeline.reduce(0) { $0 + $1.errors }, all.errorCount)
        }
        if iterations.failed > iterations.completed {
            throw Diagnostic.error(
                "inconsistent load report: \(path): iterations.failed (\(iterations.failed)) exceeds iterations.completed (\(iterations.completed))",
                code: "report.inconsistent"
            )
        }
    }
}
