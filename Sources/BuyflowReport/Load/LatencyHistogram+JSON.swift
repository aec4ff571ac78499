import BuyflowCore

extension LatencyHistogram: JSONConvertible {
    /// `{"unit": "ns", "subBuckets": 128, "count": 3, "min": 812000, "max": 5120000,
    /// "sum": 7000000, "buckets": [[index, count], …]}`: the used buckets only, by index.
    public var jsonValue: JSONValue {
        var buckets: [JSONValue] = []
        for (index, value) in counts.enumerated() where value > 0 { buckets.append([.int(index), .int(Int(clamping: value))]) }
        return [
            "unit": "ns", "subBuckets": .int(Self.subBuckets), "count": .int(Int(clamping: count)),
            "min": .int(count == 0 ? 0 : Int(clamping: minNanoseconds)), "max": .int(Int(clamping: maxNanoseconds)), "sum": .int(Int(clamping: sumNanoseconds)),
            "buckets": .array(buckets),
        ]
    }

    /// Reads a histogram; refuses another bucket layout, and bucket counts that do not add
    /// up to `count`.
    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        guard try reader.string("unit") == "ns", try reader.int("subBuckets") == Self.subBuckets else {
            throw JSONFieldReader.invalid(path, "expected a histogram in ns with \(Self.subBuckets) sub-buckets")
        }
        self.init()
        let total = try reader.int("count")
        let pairs = try reader.elements("buckets", default: []) { value, at throws(Diagnostic) -> (Int, Int) in
            guard case .array(let pair) = value, pair.count == 2, let index = pair[0].intValue, let count = pair[1].intValue,
                  (0..<10_000).contains(index), count >= 0
            else { throw JSONFieldReader.invalid(at, "expected [bucket index, count]") }
            return (index, count)
        }
        var counts: [UInt64] = []
        for (index, value) in pairs {
            if index >= counts.count { counts.append(contentsOf: repeatElement(0, count: index + 1 - counts.count)) }
            counts[index] += UInt64(value)
        }
        let sum = counts.reduce(0, +)
        guard sum == UInt64(Swift.max(total, 0)) else {
            throw JSONFieldReader.invalid(path, "its buckets hold \(sum) samples but its count is \(total)")
        }
        self.init(
            counts: counts, count: UInt64(total), min: Int64(try reader.int("min")), max: Int64(try reader.int("max")),
            sum: Int64(try reader.int("sum"))
        )
    }
}
