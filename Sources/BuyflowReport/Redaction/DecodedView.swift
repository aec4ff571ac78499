/// Text with its escapes undone — JSON (`\"`, `\\`, `\n`, `\u00e9`, surrogate pairs),
/// percent-encoding (`%2F`) and POSIX shell quoting (`'\''`) — each decoded byte keeping
/// the source range of the escape it came from, so that a secret found in the decoded text
/// is redacted as whole escapes of the source. Mixed and partial escapes decode alike.
struct DecodedView {
    private(set) var bytes: [UInt8] = []
    /// Per decoded byte, where its escape starts and ends in the source.
    private(set) var starts: [Int] = []
    private(set) var ends: [Int] = []

    /// The decoded text, or nil when `source` holds no escape at all.
    init?(_ source: [UInt8]) {
        guard source.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "%") }) else { return nil }
        bytes.reserveCapacity(source.count)
        starts.reserveCapacity(source.count)
        ends.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let (decoded, length) = Self.escape(source, at: index)
            for byte in decoded { append(byte, from: index, to: index + length) }
            index += length
        }
        guard bytes.count < source.count else { return nil }
    }

    /// The source range of decoded bytes `range`.
    func sourceRange(_ range: Range<Int>) -> Range<Int> {
        starts[range.lowerBound]..<ends[range.upperBound - 1]
    }

    /// The first decoded byte at or after source offset `offset`.
    func decodedIndex(atSource offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The view over this one decoded once more, its ranges in this view's source.
    func decodedAgain() -> DecodedView? {
        guard var inner = DecodedView(bytes) else { return nil }
        for index in inner.starts.indices {
            inner.ends[index] = ends[inner.ends[index] - 1]
            inner.starts[index] = starts[inner.starts[index]]
        }
        return inner
    }

    private mutating func append(_ byte: UInt8, from start: Int, to end: Int) {
        bytes.append(byte)
        starts.append(start)
        ends.append(end)
    }

    /// The bytes the escape at `index` stands for and its length (the byte itself, 1, when
    /// no escape starts there).
    private static func escape(_ source: [UInt8], at index: Int) -> ([UInt8], Int) {
        let byte = source[index]
        let rest = source.count - index
        if byte == UInt8(ascii: "'"), rest >= 4, source[index + 1] == UInt8(ascii: "\\"),
           source[index + 2] == UInt8(ascii: "'"), source[index + 3] == UInt8(ascii: "'") {
            return ([byte], 4)
        }
        if byte == UInt8(ascii: "%"), rest >= 3, let high = hex(source[index + 1]), let low = hex(source[index + 2]) {
            return ([high << 4 | low], 3)
        }
        guard byte == UInt8(ascii: "\\"), rest >= 2 else { return ([byte], 1) }
        switch source[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "'"):
            return ([source[index + 1]], 2)
        case UInt8(ascii: "n"): return ([0x0A], 2)
        case UInt8(ascii: "t"): return ([0x09], 2)
        case UInt8(ascii: "r"): return ([0x0D], 2)
        case UInt8(ascii: "b"): return ([0x08], 2)
        case UInt8(ascii: "f"): return ([0x0C], 2)
        case UInt8(ascii: "u"):
            guard let unit = unit(source, at: index) else { return ([byte], 1) }
            var scalar = Unicode.Scalar(unit)
            var length = 6
            if (0xD800..<0xDC00).contains(unit), let low = Self.unit(source, at: index + 6),
               (0xDC00..<0xE000).contains(low) {
                scalar = Unicode.Scalar(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00))
                length = 12
            }
            guard let scalar else { return ([byte], 1) }
            return (Array(String(Character(scalar)).utf8), length)
        default:
            return ([byte], 1)
        }
    }

    /// The code unit of `\uXXXX` at `index`, if one is there.
    private static func unit(_ source: [UInt8], at index: Int) -> UInt16? {
        guard index + 6 <= source.count, source[index] == UInt8(ascii: "\\"), source[index + 1] == UInt8(ascii: "u")
        else { return nil }
        var unit: UInt16 = 0
        for offset in 2..<6 {
            guard let digit = hex(source[index + offset]) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
