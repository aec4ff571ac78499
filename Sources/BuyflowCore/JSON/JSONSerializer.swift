/// Writes `JSONValue`s as JSON text: compact (for requests and responses) or pretty
/// (two-space indentation, for reports and golden files). Object members keep their
/// order unless `sortedKeys` is set. Non-finite doubles are written as `null`.
public struct JSONSerializer: Sendable {
    public var pretty: Bool
    public var sortedKeys: Bool

    public init(pretty: Bool = false, sortedKeys: Bool = false) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }

    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, indent: 0)
        return out
    }

    public func write(_ value: JSONValue, into out: inout [UInt8]) {
        write(value, into: &out, indent: 0)
    }

    private func write(_ value: JSONValue, into out: inout [UInt8], indent: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number): Self.writeDouble(number, into: &out)
        case .string(let text): Self.writeString(text, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1)
                write(item, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            let members = sortedKeys ? object.members.sorted { $0.key < $1.key } : object.members
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1)
                Self.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                write(member.value, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private func newline(_ out: inout [UInt8], _ indent: Int) {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { out.append(contentsOf: [0x20, 0x20]) }
    }

    static func writeDouble(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(), abs(number) < 1e15 {
            // 2.0 → "2.0": keep it recognisably a float.
            out.append(contentsOf: String(Int(number)).utf8)
            out.append(contentsOf: ".0".utf8)
            return
        }
        out.append(contentsOf: number.description.utf8)
    }

    /// Appends `text` as a JSON string literal: `"`, `\\` and control characters escaped,
    /// everything else copied in runs.
    public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Native strings are read in place (no copy to retain); others are made native.
        if text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, into: &out) }) == nil {
            var text = text
            text.withUTF8 { writeEscaped($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes of a string's UTF-8, escaped for a JSON string.
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
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
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSONSerializer().string(self) }
}
