import BuyflowCore

/// A bounded-memory, mergeable latency histogram with log-linear (HDR-style) buckets.
///
/// Values are whole nanoseconds. Below 256 ns every nanosecond has its own bucket; above,
/// each power of two is split into 128 equal buckets, so a bucket is at most 1/128 of its
/// lower bound wide. A percentile is reported as the middle of its bucket (clamped to the
/// exact minimum and maximum), which is within 0.4% of the exact sample at that rank.
/// Values up to 2^62 ns fit; memory grows only with the largest value seen (about 4,400
/// buckets for an hour).
///
/// Merging adds bucket counts, so a merged histogram is the histogram of all the samples.
public struct LatencyHistogram: Sendable, Hashable {
    /// Buckets per power of two above the exact range.
    public static let subBuckets = 128
    /// Values below this are counted exactly.
    static let exactLimit: Int64 = 256

    /// Count per bucket index (dense up to the highest index used).
    public private(set) var counts: [UInt64] = []
    public private(set) var count: UInt64 = 0
    /// Exact smallest, largest and total of the samples, in nanoseconds.
    public private(set) var minNanoseconds: Int64 = .max
    public private(set) var maxNanoseconds: Int64 = 0
    public private(set) var sumNanoseconds: Int64 = 0

    public init() {}

    init(counts: [UInt64], count: UInt64, min: Int64, max: Int64, sum: Int64) {
        self.counts = counts
        self.count = count
        minNanoseconds = count == 0 ? .max : min
        maxNanoseconds = max
        sumNanoseconds = sum
    }

    /// The bucket of a value in nanoseconds (negative values count as 0).
    @inlinable
    public static func index(of nanoseconds: Int64) -> Int {
        let value = Swift.max(nanoseconds, 0)
        if value < 256 { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount  // ≥ 8
        let shift = exponent - 7
        let sub = Int(value >> shift)  // 128..<256
        return 256 + (exponent - 8) * 128 + (sub - 128)
    }

    /// The lowest value of a bucket and its width, in nanoseconds.
    public static func bounds(of index: Int) -> (lower: Int64, width: Int64) {
        if index < 256 { return (Int64(index), 1) }
        let exponent = (index - 256) / 128 + 8
        let sub = Int64((index - 256) % 128 + 128)
        let shift = exponent - 7
        return (sub << shift, Int64(1) << shift)
    }

    /// Adds one sample.
    public mutating func record(_ duration: Duration) {
        record(nanoseconds: Self.nanoseconds(duration))
    }

    /// Adds one sample of `nanoseconds`.
    public mutating func record(nanoseconds: Int64) {
        let value = Swift.max(nanoseconds, 0)
        let index = Self.index(of: value)
        if index >= counts.count { counts.append(contentsOf: repeatElement(0, count: index + 1 - counts.count)) }
        counts[index] += 1
        count += 1
        if value < minNanoseconds { minNanoseconds = value }
        if value > maxNanoseconds { maxNanoseconds = value }
        sumNanoseconds &+= value
    }

    /// Adds every sample of `other`.
    public mutating func merge(_ other: LatencyHistogram) {
        guard other.count > 0 else { return }
        if other.counts.count > counts.count { counts.append(contentsOf: repeatElement(0, count: other.counts.count - counts.count)) }
        for (index, value) in other.counts.enumerated() where value > 0 { counts[index] += value }
        count += other.count
        minNanoseconds = Swift.min(minNanoseconds, other.minNanoseconds)
        maxNanoseconds = Swift.max(maxNanoseconds, other.maxNanoseconds)
        sumNanoseconds &+= other.sumNanoseconds
    }

    /// The value at percentile `percent` (0…100) by nearest rank: the sample at rank
    /// ⌈percent × count / 100⌉, within the histogram's precision. Zero when empty.
    public func percentile(_ percent: Double) -> Duration {
        guard count > 0 else { return .zero }
        let rank = Swift.max(1, UInt64((Double(count) * Swift.min(Swift.max(percent, 0), 100) / 100).rounded(.up)))
        if rank >= count { return max }
        if rank == 1 { return min }
        var seen: UInt64 = 0
        for (index, value) in counts.enumerated() where value > 0 {
            seen += value
            if seen >= rank {
                let (lower, width) = Self.bounds(of: index)
                let middle = lower + (width - 1) / 2
                return .nanoseconds(Swift.min(Swift.max(middle, minNanoseconds), maxNanoseconds))
            }
        }
        return .nanoseconds(maxNanoseconds)
    }

    public var min: Duration { count == 0 ? .zero : .nanoseconds(minNanoseconds) }
    public var max: Duration { .nanoseconds(maxNanoseconds) }
    /// The exact mean.
    public var mean: Duration { count == 0 ? .zero : .nanoseconds(sumNanoseconds / Int64(count)) }

    /// The report's latency line: count, min, avg, p50, p90, p95, p99, max.
    public var stats: LatencyStats {
        LatencyStats(
            count: Int(count), min: min, avg: mean, p50: percentile(50), p90: percentile(90), p95: percentile(95),
            p99: percentile(99), max: max
        )
    }

    /// Whether the bucket counts add up to `count` (a report's histogram read back).
    public var isConsistent: Bool { counts.reduce(0, +) == count }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
}
