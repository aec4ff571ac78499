import BuyflowCore
import Foundation
import BuyflowReport
import Testing

/// A small deterministic generator (SplitMix64), so the distributions are the same every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Distribution: String, CaseIterable, Sendable {
    case uniform, exponential, logNormal, bimodal, constant

    /// 20,000 samples in nanoseconds.
    func samples() -> [Int64] {
        var random = SeededRandom(seed: 42)
        func unit() -> Double { Double.random(in: Double.ulpOfOne..<1, using: &random) }
        return (0..<20_000).map { _ -> Int64 in
            switch self {
            case .uniform: return Int64.random(in: 1_000...100_000_000, using: &random)
            case .exponential: return Int64(-log(unit()) * 5_000_000) + 1
            case .logNormal:
                let normal = (-2 * log(unit())).squareRoot() * cos(2 * Double.pi * unit())
                return Int64(exp(15 + 1.2 * normal))
            case .bimodal: return unit() < 0.9 ? Int64.random(in: 50_000...80_000, using: &random) : Int64.random(in: 900_000_000...1_100_000_000, using: &random)
            case .constant: return 3_141_593
            }
        }
    }
}

/// The exact nearest-rank percentile.
func exactPercentile(_ sorted: [Int64], _ percent: Double) -> Int64 {
    let rank = max(1, Int((Double(sorted.count) * percent / 100).rounded(.up)))
    return sorted[rank - 1]
}

func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
}

@Suite struct LatencyHistogramTests {
    @Test(arguments: Distribution.allCases)
    func percentilesAreWithinOnePercentOfExact(_ distribution: Distribution) {
        let samples = distribution.samples()
        var histogram = LatencyHistogram()
        for sample in samples { histogram.record(nanoseconds: sample) }
        let sorted = samples.sorted()
        for percent in [1.0, 10, 25, 50, 75, 90, 95, 99, 99.9, 100] {
            let exact = Double(exactPercentile(sorted, percent))
            let estimate = Double(nanoseconds(histogram.percentile(percent)))
            #expect(abs(estimate - exact) / exact <= 0.01, "p\(percent) of \(distribution): \(estimate) vs \(exact)")
        }
        #expect(histogram.count == UInt64(samples.count))
        #expect(nanoseconds(histogram.min) == sorted.first)
        #expect(nanoseconds(histogram.max) == sorted.last)
        #expect(nanoseconds(histogram.mean) == samples.reduce(0, +) / Int64(samples.count))
    }

    @Test func everyBucketIsAtMostOneHundredTwentyEighthOfItsLowerBound() {
        for index in 256..<7_000 {
            let (lower, width) = LatencyHistogram.bounds(of: index)
            #expect(Double(width) / Double(lower) <= 1.0 / 128)
            #expect(LatencyHistogram.index(of: lower) == index)
            #expect(LatencyHistogram.index(of: lower + width - 1) == index)
            #expect(LatencyHistogram.index(of: lower + width) == index + 1)
        }
        #expect(LatencyHistogram.index(of: 255) == 255)
        #expect(LatencyHistogram.index(of: -5) == 0)
    }

    @Test func memoryIsBoundedByTheLargestValueNotTheSampleCount() {
        var histogram = LatencyHistogram()
        var random = SeededRandom(seed: 7)
        for _ in 0..<200_000 { histogram.record(nanoseconds: Int64.random(in: 0...3_600_000_000_000, using: &random)) }
        #expect(histogram.counts.count < 5_000)
    }

    @Test(arguments: Distribution.allCases)
    func mergingShardsEqualsOneHistogramOfAllSamples(_ distribution: Distribution) {
        let samples = distribution.samples()
        var whole = LatencyHistogram()
        var shards = [LatencyHistogram](repeating: LatencyHistogram(), count: 3)
        for (index, sample) in samples.enumerated() {
            whole.record(nanoseconds: sample)
            shards[index % 3].record(nanoseconds: sample)
        }
        var merged = LatencyHistogram()
        for shard in shards { merged.merge(shard) }
        #expect(merged == whole)
        for percent in [50.0, 95, 99] { #expect(merged.percentile(percent) == whole.percentile(percent)) }
    }

    @Test func jsonRoundTripsAndRefusesBucketsThatDoNotAddUp() throws {
        var histogram = LatencyHistogram()
        for sample in Distribution.logNormal.samples() { histogram.record(nanoseconds: sample) }
        let read = try LatencyHistogram(json: histogram.jsonValue, at: "$")
        #expect(read == histogram)

        guard case .object(var object) = histogram.jsonValue else { Issue.record("not an object"); return }
        object["count"] = .int(Int(histogram.count) + 1)
        #expect(throws: Diagnostic.self) { try LatencyHistogram(json: .object(object), at: "$") }
        #expect(LatencyHistogram().percentile(95) == .zero)
    }
}
