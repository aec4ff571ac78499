import BuyflowCore

/// A duration before and after, its change in milliseconds and percent, and whether that
/// counts as slower or faster under the thresholds.
public struct DurationChange: Sendable, Hashable {
    public enum Timing: String, Sendable, Hashable, CaseIterable {
        case slower, faster, same
    }

    public var before: Duration
    public var after: Duration
    public var timing: Timing

    public init(before: Duration, after: Duration, thresholds: ComparisonThresholds) {
        self.before = before
        self.after = after
        self.timing = thresholds.timing(before: before, after: after)
    }

    /// `after - before`.
    public var change: Duration { after - before }

    /// The change relative to `before`, in percent; `nil` when `before` is zero.
    public var percent: Double? {
        before > .zero ? Self.milliseconds(change) / Self.milliseconds(before) * 100 : nil
    }

    /// `deltaMs`, `deltaPercent` (rounded to 0.1) and `timing`.
    var jsonMembers: [(String, JSONValue)] {
        [
            ("deltaMs", .double(ReportNumbers.milliseconds(change))),
            ("deltaPercent", percent.map { .double(($0 * 10).rounded() / 10) } ?? .null),
            ("timing", .string(timing.rawValue)),
        ]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
