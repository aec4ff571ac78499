import BuyflowCore

/// Appends JSON text to a byte buffer, exactly as `JSONSerializer` (compact) writes it,
/// with strings copied in runs rather than byte by byte.
enum JSONBytes {
    static let null: [UInt8] = Array("null".utf8)
    static let `true`: [UInt8] = Array("true".utf8)
    static let `false`: [UInt8] = Array("false".utf8)

    @inline(__always)
    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, into: &out)
        case .null: out.append(contentsOf: null)
        case .bool(let flag): out.append(contentsOf: flag ? `true` : `false`)
        case .int(let number): writeInt(number, into: &out)
        case .double, .array, .object: JSONSerializer().write(value, into: &out)
        }
    }

    static func writeInt(_ number: Int, into out: inout [UInt8]) {
        if number >= 0 && number < 10 {
            out.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        out.append(contentsOf: String(number).utf8)
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            if start < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `"key":`, for a response key (a GraphQL name: nothing to escape).
    static func memberPrefix(_ key: String) -> [UInt8] {
        var bytes: [UInt8] = []
        writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        return bytes
    }
}
