import BuyflowCore

/// `load:` and its thresholds.
extension LoadSession {
    mutating func loadProfile(_ value: LocatedValue, steps: [Step]) -> LoadProfile? {
        guard let fields = reader.fields(value, WorkflowSpecs.load) else { return nil }
        let vus = fields["vus"].flatMap { reader.int($0, "'vus'", in: 1...10_000) }
        let duration = fields["duration"].flatMap { reader.duration($0, "'duration'") }
        let iterations = fields["iterations"].flatMap { reader.int($0, "'iterations'", in: 1...Int.max) }
        let rampUp = fields["rampUp"].flatMap { reader.duration($0, "'rampUp'") }
        let maxVus = fields["maxVus"].flatMap { reader.int($0, "'maxVus'", in: 1...10_000) }
        var arrivalRate: Double?
        if let value = fields["arrivalRate"], let text = reader.text(value, "'arrivalRate'") {
            arrivalRate = RateText.perSecond(text, bareMeansPerSecond: false)
            if arrivalRate == nil {
                error("'arrivalRate' must be a rate such as 50/s or 600/m, found '\(text)'", at: value.location, code: "rate")
            }
        }
        if fields["duration"] == nil, fields["iterations"] == nil {
            error("'load' needs 'duration', 'iterations' or both", at: value.location, code: "load", hint: "e.g. duration: 30s")
        }
        if let rampUp, let duration, rampUp > duration {
            error("'rampUp' (\(DurationText.format(rampUp))) is longer than 'duration' (\(DurationText.format(duration)))",
                  at: fields["rampUp"]!.location, code: "range")
        }
        if arrivalRate != nil, fields["vus"] != nil, fields["maxVus"] == nil {
            warning("with 'arrivalRate', 'vus' is the number of VUs started at once; 'maxVus' bounds them", at: fields.member("vus")!.keyLocation, code: "load")
        }
        var thresholds: [Threshold] = []
        if let value = fields["thresholds"], let items = reader.list(value, "'thresholds'") {
            for item in items {
                guard let text = reader.string(item, "a threshold") else { continue }
                switch ThresholdParser.parse(text) {
                case .success(let parsed):
                    var threshold = parsed
                    threshold.location = item.location
                    if let problem = threshold.scopeProblem(in: steps) {
                        error(problem.message, at: item.location, code: "threshold", suggestion: problem.suggestion, hint: problem.hint)
                    }
                    thresholds.append(threshold)
                case .failure(let failure):
                    let map = sourceMap(item)
                    error(failure.message, at: map?.location(ofUTF8Offset: failure.offset) ?? item.location, code: "threshold",
                          suggestion: failure.suggestion, hint: "a threshold is <stat>(<scope>) <op> <value>, e.g. p95(step:create-cart) < 300ms")
                }
            }
        }
        return LoadProfile(
            vus: vus, duration: duration, iterations: iterations, rampUp: rampUp, arrivalRate: arrivalRate, maxVus: maxVus,
            thresholds: thresholds, abortOnFail: fields["abortOnFail"].flatMap { reader.bool($0, "'abortOnFail'") } ?? false,
            location: value.location
        )
    }
}
