/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, well-mixed PRNG. The shop uses it
/// for everything that must be reproducible from `--seed`: faults, cart tokens, attempt IDs.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The generator of element `index` of the stream `seed`: independent of every other
    /// index, so concurrent requests need not share (or lock) a generator.
    init(seed: UInt64, stream index: UInt64) {
        state = Self.mix(seed ^ Self.mix(index &+ 0x632B_E59B_D9B4_E019))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniform double in [0, 1) from the next 53 bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` lowercase hex digits of `value`.
    static func hex(_ value: UInt64, digits count: Int = 16) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, count - text.count)) + text.suffix(count)
    }
}
