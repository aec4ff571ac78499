import BuyflowCore

/// Appends JSON text to a byte buffer, exactly as `JSONSerializer` (compact) writes it,
/// with fast paths for the leaves the executor writes most.
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

    @inline(__always)
    static func writeString(_ text: String, into out: inout [UInt8]) {
        JSONSerializer.writeString(text, into: &out)
    }

    /// `"key":`, for a response key (a GraphQL name: nothing to escape).
    static func memberPrefix(_ key: String) -> [UInt8] {
        var bytes: [UInt8] = []
        writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        return bytes
    }
}
