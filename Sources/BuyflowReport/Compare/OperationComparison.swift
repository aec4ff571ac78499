import BuyflowCore

/// One GraphQL operation in two reports: its requests over every step that sends it,
/// the mean time per request, and the steps that failed.
public struct OperationComparison: Sendable, Hashable {
    /// The operation's figures in one report.
    public struct Side: Sendable, Hashable {
        /// Attempts sent.
        public var requests: Int
        /// Steps sending it that failed or could not run.
        public var failedSteps: Int
        /// Sum of the attempts' durations.
        public var total: Duration

        public init(requests: Int = 0, failedSteps: Int = 0, total: Duration = .zero) {
            self.requests = requests
            self.failedSteps = failedSteps
            self.total = total
        }

        /// The mean time per request.
        public var mean: Duration { requests > 0 ? total / requests : .zero }

        mutating func add(_ step: StepReport) {
            requests += step.attempts.count
            total += step.attempts.reduce(Duration.zero) { $0 + $1.duration }
            if step.status == .failed || step.status == .error { failedSteps += 1 }
        }

        var jsonValue: JSONValue {
            [
                "requests": .int(requests), "failedSteps": .int(failedSteps),
                "meanMs": .double(ReportNumbers.milliseconds(mean)),
            ]
        }
    }

    public var name: String
    public var before: Side?
    public var after: Side?
    public var thresholds: ComparisonThresholds

    public init(name: String, before: Side?, after: Side?, thresholds: ComparisonThresholds) {
        self.name = name
        self.before = before
        self.after = after
        self.thresholds = thresholds
    }

    /// `worse` when steps sending it fail now and none did before, `better` the other way.
    public var status: StatusChange {
        guard let before, let after else { return .unchanged }
        switch (before.failedSteps > 0, after.failedSteps > 0) {
        case (false, true): return .worse
        case (true, false): return .better
        default: return .unchanged
        }
    }

    /// The change of the mean time per request, when both reports sent it.
    public var duration: DurationChange? {
        guard let before, let after, before.requests > 0, after.requests > 0 else { return nil }
        return DurationChange(before: before.mean, after: after.mean, thresholds: thresholds)
    }

    public var isRegression: Bool { status == .worse || duration?.timing == .slower }

    var jsonValue: JSONValue {
        var object = JSONObject()
        object["name"] = .string(name)
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
