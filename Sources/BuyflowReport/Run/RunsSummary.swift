import BuyflowCore

/// The counts of several runs: the runs by status, then the steps' counts added up, with
/// the same names as a `RunSummary` so `summary.failed` means failed steps in both formats:
/// `{"runs": 3, "runsPassed": 2, "runsFailed": 1, "runsSkipped": 0, "runsErrored": 0,
/// "steps": 15, "passed": 14, …}`.
public struct RunsSummary: JSONConvertible, Sendable, Hashable {
    public var runs: Int
    public var runsPassed: Int
    public var runsFailed: Int
    public var runsSkipped: Int
    public var runsErrored: Int
    /// The steps of every run, added up.
    public var steps: RunSummary

    public init(runs: Int, runsPassed: Int, runsFailed: Int, runsSkipped: Int = 0, runsErrored: Int = 0, steps: RunSummary) {
        self.runs = runs
        self.runsPassed = runsPassed
        self.runsFailed = runsFailed
        self.runsSkipped = runsSkipped
        self.runsErrored = runsErrored
        self.steps = steps
    }

    /// Counts the runs by status and adds up their summaries.
    public init(runs: [RunReport]) {
        self.init(runs: runs.count, runsPassed: 0, runsFailed: 0, steps: RunSummary(steps: []))
        for run in runs {
            switch run.status {
            case .passed: runsPassed += 1
            case .failed: runsFailed += 1
            case .skipped: runsSkipped += 1
            case .error: runsErrored += 1
            }
            steps = steps + run.summary
        }
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["runs"] = .int(runs)
        object["runsPassed"] = .int(runsPassed)
        object["runsFailed"] = .int(runsFailed)
        object["runsSkipped"] = .int(runsSkipped)
        object["runsErrored"] = .int(runsErrored)
        for (key, value) in steps.members { object[key] = value }
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            runs: try reader.int("runs"), runsPassed: try reader.int("runsPassed"), runsFailed: try reader.int("runsFailed"),
            runsSkipped: try reader.optionalInt("runsSkipped") ?? 0, runsErrored: try reader.optionalInt("runsErrored") ?? 0,
            steps: try RunSummary(reader: reader)
        )
    }
}
