import BuyflowCore

/// Checks raw bytes are UTF-8 text before anything else reads them, locating the first
/// bad byte at the line and column where `String(decoding:as:)` shows its U+FFFD.
enum UTF8Check {
    static func text(from bytes: [UInt8], path: String) throws(Diagnostic) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw Diagnostic.error(
                "the file is UTF-16 text; YAML files here must be UTF-8",
                at: SourceLocation(file: path, line: 1, column: 1),
                code: "yaml.encoding",
                hint: "save the file as UTF-8 (without a byte-order mark)"
            )
        }
        let offset = firstInvalidOffset(bytes)
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        throw Diagnostic.error(
            "invalid UTF-8: byte 0x\(hex.count == 1 ? "0" + hex : hex) is not part of a valid UTF-8 character",
            at: InputScan.location(of: offset, in: bytes, path: path),
            code: "yaml.encoding",
            hint: "YAML files are UTF-8 text; re-save the file as UTF-8 (it may be Latin-1 or binary)"
        )
    }

    /// The offset of the first byte of the first ill-formed sequence (Unicode 15, table 3-7).
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return index }
            for next in 2..<length where bytes[index + next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return count
    }
}
