import BuyflowCore

/// One step in two reports, matched by run name and step id.
public struct StepComparison: Sendable, Hashable {
    /// The step as one report has it.
    public struct Side: Sendable, Hashable {
        public var name: String
        public var status: StepStatus
        public var duration: Duration
        public var attempts: Int
        public var operation: String?

        public init(_ step: StepReport) {
            name = step.name
            status = step.status
            duration = step.duration
            attempts = step.attempts.count
            operation = step.operation?.name
        }

        var jsonValue: JSONValue {
            [
                "name": .string(name), "status": .string(status.rawValue),
                "durationMs": .double(ReportNumbers.milliseconds(duration)), "attempts": .int(attempts),
            ]
        }
    }

    /// The run's name (a data row's carries the row).
    public var run: String
    public var id: String
    /// `nil` for a step only in the later report.
    public var before: Side?
    /// `nil` for a step only in the earlier report.
    public var after: Side?
    public var thresholds: ComparisonThresholds

    public init(run: String, id: String, before: Side?, after: Side?, thresholds: ComparisonThresholds) {
        self.run = run
        self.id = id
        self.before = before
        self.after = after
        self.thresholds = thresholds
    }

    /// The name in the later report, else in the earlier.
    public var name: String { after?.name ?? before?.name ?? id }

    public var isAdded: Bool { before == nil }
    public var isRemoved: Bool { after == nil }

    public var status: StatusChange {
        guard let before, let after else { return .unchanged }
        return StatusChange(before: before.status, after: after.status)
    }

    /// The change in duration, when both sides sent requests and neither was skipped.
    public var duration: DurationChange? {
        guard let before, let after, before.attempts > 0, after.attempts > 0,
            before.status != .skipped, after.status != .skipped
        else { return nil }
        return DurationChange(before: before.duration, after: after.duration, thresholds: thresholds)
    }

    /// It failed where it passed, or got slower.
    public var isRegression: Bool { status == .worse || duration?.timing == .slower }

    var jsonValue: JSONValue {
        var object = JSONObject()
        object["run"] = .string(run)
        object["id"] = .string(id)
        object["name"] = .string(name)
        object["change"] = .string(isAdded ? "added" : isRemoved ? "removed" : "matched")
        object["before"] = before?.jsonValue ?? .null
        object["after"] = after?.jsonValue ?? .null
        object["status"] = .string(status.rawValue)
        for (key, value) in duration?.jsonMembers ?? [("deltaMs", .null), ("deltaPercent", .null), ("timing", .null)] {
            object[key] = value
        }
        object["regression"] = .bool(isRegression)
        return .object(object)
    }
}
