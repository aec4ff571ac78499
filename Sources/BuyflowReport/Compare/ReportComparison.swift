import BuyflowCore

/// What changed between two run reports (say, before and after a change to a shop):
/// per step, matched by run name and step id, its status and duration; per operation,
/// the mean time per request and failing steps; steps added and removed. A duration
/// counts as slower only past both thresholds (`ComparisonThresholds`).
///
/// Pure values: `jsonValue(before:after:)` writes `buyflow.compare/1`,
/// `ComparisonTextRenderer` the text.
public struct ReportComparison: Sendable, Hashable {
    /// A run in both reports (or one), by name.
    public struct RunPair: Sendable, Hashable {
        public var name: String
        public var before: RunReport?
        public var after: RunReport?
    }

    public var thresholds: ComparisonThresholds
    /// The runs, in the later report's order, then those only in the earlier.
    public var runs: [RunPair]
    /// Every step, grouped by run: the later report's order, then the removed ones.
    public var steps: [StepComparison]
    /// Every named operation, in order of first appearance.
    public var operations: [OperationComparison]

    public init(before: [RunReport], after: [RunReport], thresholds: ComparisonThresholds = .standard) {
        self.thresholds = thresholds
        let beforeRuns = Self.keyed(before)
        let afterRuns = Self.keyed(after)
        var runs: [RunPair] = afterRuns.map { key, run in
            RunPair(name: key, before: beforeRuns.first { $0.key == key }?.run, after: run)
        }
        for (key, run) in beforeRuns where !afterRuns.contains(where: { $0.key == key }) {
            runs.append(RunPair(name: key, before: run, after: nil))
        }
        self.runs = runs

        var steps: [StepComparison] = []
        for pair in runs {
            let old = pair.before?.steps ?? []
            let new = pair.after?.steps ?? []
            for step in new {
                let match = old.first { $0.id == step.id }
                steps.append(StepComparison(
                    run: pair.name, id: step.id, before: match.map(StepComparison.Side.init), after: .init(step),
                    thresholds: thresholds))
            }
            for step in old where !new.contains(where: { $0.id == step.id }) {
                steps.append(StepComparison(run: pair.name, id: step.id, before: .init(step), after: nil, thresholds: thresholds))
            }
        }
        self.steps = steps

        var names: [String] = []
        var beforeOps: [String: OperationComparison.Side] = [:]
        var afterOps: [String: OperationComparison.Side] = [:]
        func collect(_ runs: [RunReport], into sides: inout [String: OperationComparison.Side]) {
            for step in runs.flatMap(\.steps) {
                guard let name = step.operation?.name, !step.attempts.isEmpty else { continue }
                if !names.contains(name) { names.append(name) }
                sides[name, default: .init()].add(step)
            }
        }
        collect(after, into: &afterOps)
        collect(before, into: &beforeOps)
        operations = names.map {
            OperationComparison(name: $0, before: beforeOps[$0], after: afterOps[$0], thresholds: thresholds)
        }
    }

    /// Compares two saved documents.
    public init(before: RunDocument, after: RunDocument, thresholds: ComparisonThresholds = .standard) {
        self.init(before: before.runs, after: after.runs, thresholds: thresholds)
    }

    /// Steps that failed where they passed, or got slower.
    public var stepRegressions: [StepComparison] { steps.filter(\.isRegression) }

    /// Operations whose steps fail now, or whose requests got slower.
    public var operationRegressions: [OperationComparison] { operations.filter(\.isRegression) }

    /// Whether anything got worse.
    public var hasRegression: Bool { !stepRegressions.isEmpty || !operationRegressions.isEmpty }

    /// The counts of the comparison, by kind of change.
    public var counts: [(String, Int)] {
        [
            ("steps", steps.count),
            ("added", steps.count(where: \.isAdded)),
            ("removed", steps.count(where: \.isRemoved)),
            ("worse", steps.count { $0.status == .worse }),
            ("better", steps.count { $0.status == .better }),
            ("slower", steps.count { $0.duration?.timing == .slower }),
            ("faster", steps.count { $0.duration?.timing == .faster }),
            ("operationsSlower", operations.count { $0.duration?.timing == .slower }),
            ("operationsFaster", operations.count { $0.duration?.timing == .faster }),
            ("regressions", stepRegressions.count + operationRegressions.count),
        ]
    }

    /// Runs keyed by name; a name seen again gets ` (2)`, ` (3)`, …
    static func keyed(_ runs: [RunReport]) -> [(key: String, run: RunReport)] {
        var seen: [String: Int] = [:]
        return runs.map { run in
            let count = seen[run.workflow.name, default: 0] + 1
            seen[run.workflow.name] = count
            return (count == 1 ? run.workflow.name : "\(run.workflow.name) (\(count))", run)
        }
    }
}
