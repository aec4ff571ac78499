/// A fast, strict JSON parser (RFC 8259) over UTF-8 bytes, producing `JSONValue`s with
/// object order kept, or with `parseLocated` a `LocatedValue` tree for reading a user's
/// file. Errors are `Diagnostic`s located at the offending byte.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth = 512
    /// The path reported in diagnostics.
    public var path = "<json>"

    public init(path: String = "<json>", maxDepth: Int = 512) {
        self.path = path
        self.maxDepth = maxDepth
    }

    public func parse(_ text: String) throws(Diagnostic) -> JSONValue {
        var text = text
        return try text.withUTF8 { buffer in Result { () throws(Diagnostic) in try parse(buffer) } }.get()
    }

    public func parse(bytes: some Collection<UInt8>) throws(Diagnostic) -> JSONValue {
        let attempt = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(Diagnostic) in try parse(buffer) }
        }
        if let attempt { return try attempt.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(Diagnostic) in try parse(buffer) }
        }.get()
    }

    public func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> JSONValue {
        var reader = Reader(bytes: buffer, path: path, maxDepth: maxDepth)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        if reader.index < buffer.count { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    /// The scanner both `parse` and `parseLocated` read with.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let path: String
        let maxDepth: Int
        var index = 0
        /// The members and items of the objects and arrays being read, innermost last:
        /// each container is built from its own stretch at its end, with storage of the
        /// exact size, instead of growing one member at a time.
        private var members: [(key: String, value: JSONValue)] = []
        private var items: [JSONValue] = []

        init(bytes: UnsafeBufferPointer<UInt8>, path: String, maxDepth: Int) {
            self.bytes = bytes
            self.path = path
            self.maxDepth = maxDepth
            members.reserveCapacity(16)
        }

        func error(_ message: String, at offset: Int? = nil) -> Diagnostic {
            let target = min(offset ?? index, bytes.count)
            var line = 1, lineStart = 0
            for i in 0..<target where bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            let column = 1 + scalarCount(lineStart, target)
            return Diagnostic.error(message, at: SourceLocation(file: path, line: line, column: column), code: "json.syntax")
        }

        private func scalarCount(_ from: Int, _ to: Int) -> Int {
            var count = 0
            for i in from..<to where bytes[i] & 0xC0 != 0x80 { count += 1 }
            return count
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        func describeFound() -> String {
            guard index < bytes.count else { return "the end of the input" }
            let byte = bytes[index]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            let hex = Swift.String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
        }

        mutating func readValue(depth: Int) throws(Diagnostic) -> JSONValue {
            guard index < bytes.count else { throw error("expected a JSON value, found the end of the input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
            case UInt8(ascii: "["): return try readArray(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try readString())
            case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
            default: throw error("expected a JSON value, found \(describeFound())")
            }
        }

        mutating func expectWord(_ word: StaticString) throws(Diagnostic) {
            let start = index
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw error("invalid literal; expected '\(word)'", at: start) }
            let pointer = word.utf8Start
            for offset in 0..<count where bytes[index + offset] != pointer[offset] {
                throw error("invalid literal; expected '\(word)'", at: start)
            }
            index += count
        }

        mutating func readObject(depth: Int) throws(Diagnostic) -> JSONValue {
            if depth > maxDepth { throw error("JSON nested deeper than \(maxDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(JSONObject())
            }
            let first = members.count
            defer { members.removeSubrange(first...) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a member name in quotes, found \(describeFound())")
                }
                let key = try readString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after member name, found \(describeFound())")
                }
                index += 1
                skipWhitespace()
                members.append((key, try readValue(depth: depth)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated object; expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(JSONObject(members[first...]))
                }
                throw error("expected ',' or '}' in object, found \(describeFound())")
            }
        }

        mutating func readArray(depth: Int) throws(Diagnostic) -> JSONValue {
            if depth > maxDepth { throw error("JSON nested deeper than \(maxDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array([])
            }
            let first = items.count
            defer { items.removeSubrange(first...) }
            while true {
                skipWhitespace()
                items.append(try readValue(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated array; expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(Array(items[first...]))
                }
                throw error("expected ',' or ']' in array, found \(describeFound())")
            }
        }

        mutating func readNumber() throws(Diagnostic) -> JSONValue {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number", at: start) }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number: leading zero", at: start) }
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: a digit must follow '.'", at: start) }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: a digit must follow the exponent", at: start) }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if isInteger, index - start <= 18 {
                var value = 0
                var i = start
                let negative = bytes[i] == UInt8(ascii: "-")
                if negative { i += 1 }
                while i < index {
                    value = value * 10 + Int(bytes[i] &- UInt8(ascii: "0"))
                    i += 1
                }
                return .int(negative ? -value : value)
            }
            let text = Swift.String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger, let value = Int(text) { return .int(value) }
            guard let value = Double(text) else { throw error("invalid number", at: start) }
            return .double(value)
        }

        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        mutating func readString() throws(Diagnostic) -> Swift.String {
            let quote = index
            index += 1
            let start = index
            // Fast path: no escapes.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let value = try validated(start, index)
                    index += 1
                    return value
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error("control character in string; escape it", at: index) }
                index += 1
            }
            guard index < bytes.count else { throw error("unterminated string", at: quote) }
            var scalars: [UInt8] = []
            scalars.reserveCapacity(index - start + 64)
            scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                // Plain bytes up to the next quote, backslash or control character, at once.
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
                if end > index {
                    scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                    continue
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return try scalars.withUnsafeBufferPointer { buffer throws(Diagnostic) in
                        guard let value = Swift.String(validating: buffer, as: UTF8.self) else {
                            throw error("string is not valid UTF-8", at: quote)
                        }
                        return value
                    }
                }
                if byte < 0x20 { throw error("control character in string; escape it", at: index) }
                if byte != UInt8(ascii: "\\") {
                    scalars.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try readHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape", at: index - 6)
                        }
                        index += 2
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in \\u escape", at: index - 6) }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("unpaired surrogate in \\u escape", at: index - 6)
                    }
                    scalars.append(contentsOf: Array(Swift.String(Character(Unicode.Scalar(code)!)).utf8))
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in string", at: index - 2)
                }
            }
            throw error("unterminated string", at: quote)
        }

        mutating func readHex4() throws(Diagnostic) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("incomplete \\u escape", at: index - 2) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("invalid hex digit in \\u escape", at: index)
                }
                value = value * 16 + digit
                index += 1
            }
            return value
        }

        func validated(_ start: Int, _ end: Int) throws(Diagnostic) -> Swift.String {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            var ascii = true
            for byte in slice where byte >= 0x80 {
                ascii = false
                break
            }
            if ascii { return Swift.String(decoding: slice, as: UTF8.self) }
            guard let value = Swift.String(validating: slice, as: UTF8.self) else {
                throw error("string is not valid UTF-8", at: start)
            }
            return value
        }
    }
}
