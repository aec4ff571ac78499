/// When a duration counts as slower (or faster): the change passes both the relative and
/// the absolute threshold, so a 0.1 ms step that takes 0.2 ms is not "100% slower".
public struct ComparisonThresholds: Sendable, Hashable {
    /// The smallest relative change that counts, as a fraction (0.2 is 20%).
    public var relative: Double
    /// The smallest absolute change that counts.
    public var absolute: Duration

    /// 20% and 5 ms.
    public static let standard = ComparisonThresholds(relative: 0.2, absolute: .milliseconds(5))

    public init(relative: Double, absolute: Duration) {
        self.relative = relative
        self.absolute = absolute
    }

    /// How `after` compares with `before`.
    public func timing(before: Duration, after: Duration) -> DurationChange.Timing {
        let change = after - before
        let magnitude = change < .zero ? .zero - change : change
        guard magnitude >= absolute, magnitude > .zero else { return .same }
        if before > .zero, Self.ratio(magnitude, before) < relative { return .same }
        return change > .zero ? .slower : .faster
    }

    static func ratio(_ a: Duration, _ b: Duration) -> Double {
        DurationChange.milliseconds(a) / DurationChange.milliseconds(b)
    }
}
