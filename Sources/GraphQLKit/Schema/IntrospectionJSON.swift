/// A small, fast JSON reader for introspection results: one pass over the UTF-8 bytes
/// records a flat array of tokens (a "tape"); strings are decoded only when asked for
/// and object keys are compared as bytes. A 790 KB Storefront introspection result reads
/// in a few milliseconds, several times faster than a tree of Swift values.
struct IntrospectionJSON {
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    struct Token {
        var kind: Kind
        /// Strings: the content has escapes and needs decoding.
        var hasEscapes: Bool
        /// The byte offset where the value starts (after the quote for strings).
        var start: Int32
        /// Strings and numbers: the byte offset where the content ends. Arrays and
        /// objects: the index of the token after the last one of the value.
        var end: Int32
    }

    /// A syntax error at a byte offset.
    struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    let bytes: [UInt8]
    let tokens: [Token]

    /// Reads a whole JSON text; the root value is token 0.
    init(bytes: [UInt8]) throws(SyntaxError) {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 16)
        var reader = IntrospectionJSONReader(count: bytes.count)
        try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) in
            try reader.readDocument(buffer, into: &tokens)
        }
        self.bytes = bytes
        self.tokens = tokens
    }

    // MARK: - Navigation

    func kind(_ token: Int) -> Kind { tokens[token].kind }

    /// The byte offset of a value (a string's opening quote), for diagnostics.
    func offset(_ token: Int) -> Int {
        let value = tokens[token]
        return Int(value.start) - (value.kind == .string ? 1 : 0)
    }

    /// The index of the token after the value at `token`.
    func next(_ token: Int) -> Int {
        let value = tokens[token]
        return value.kind == .array || value.kind == .object ? Int(value.end) : token + 1
    }

    /// The value of an object's member, or `nil` (also for non-objects).
    func member(_ object: Int, _ key: StaticString) -> Int? {
        guard tokens[object].kind == .object else { return nil }
        let end = Int(tokens[object].end)
        var index = object + 1
        while index < end {
            if keyEquals(index, key) { return index + 1 }
            index = next(index + 1)
        }
        return nil
    }

    /// The value of an object's member when it is present and not `null`.
    func nonNullMember(_ object: Int, _ key: StaticString) -> Int? {
        guard let value = member(object, key), tokens[value].kind != .null else { return nil }
        return value
    }

    private func keyEquals(_ token: Int, _ key: StaticString) -> Bool {
        let value = tokens[token]
        if value.hasEscapes { return string(token) == key.description }
        let start = Int(value.start), count = Int(value.end) - start
        guard count == key.utf8CodeUnitCount else { return false }
        return key.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { buffer in
                for offset in 0..<count where buffer[start + offset] != expected[offset] { return false }
                return true
            }
        }
    }

    /// Calls `body` with each element's token of an array (nothing for non-arrays).
    func forEachElement<E: Error>(_ array: Int, _ body: (Int) throws(E) -> Void) throws(E) {
        guard tokens[array].kind == .array else { return }
        let end = Int(tokens[array].end)
        var index = array + 1
        while index < end {
            try body(index)
            index = next(index)
        }
    }

    /// The number of elements of an array.
    func count(_ array: Int) -> Int {
        guard tokens[array].kind == .array else { return 0 }
        let end = Int(tokens[array].end)
        var index = array + 1, count = 0
        while index < end {
            count += 1
            index = next(index)
        }
        return count
    }

    /// The string at `token`, or `nil` when it is not a string.
    func string(_ token: Int) -> String? {
        let value = tokens[token]
        guard value.kind == .string else { return nil }
        let start = Int(value.start), end = Int(value.end)
        return bytes.withUnsafeBufferPointer { buffer in
            let content = UnsafeBufferPointer(rebasing: buffer[start..<end])
            return value.hasEscapes ? Self.unescape(content) : String(decoding: content, as: UTF8.self)
        }
    }

    /// The boolean at `token`, or `nil` when it is not a boolean.
    func bool(_ token: Int) -> Bool? {
        switch tokens[token].kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    private static func unescape(_ content: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var index = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= content.count else { return nil }
            var value: UInt32 = 0
            for byte in content[at..<at + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < content.count {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < content.count else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = content[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var scalar = hex(index) else { continue }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 1 < content.count,
                   content[index] == UInt8(ascii: "\\"), content[index + 1] == UInt8(ascii: "u"),
                   let low = hex(index + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: String(character).utf8)
            default: out.append(escape) // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

// MARK: - Reading

private struct IntrospectionJSONReader {
    let count: Int
    var position = 0
    var depth = 0

    init(count: Int) { self.count = count }

    typealias Bytes = UnsafeBufferPointer<UInt8>
    typealias SyntaxError = IntrospectionJSON.SyntaxError

    mutating func readDocument(_ bytes: Bytes, into tokens: inout [IntrospectionJSON.Token]) throws(SyntaxError) {
        skipWhitespace(bytes)
        try readValue(bytes, into: &tokens)
        skipWhitespace(bytes)
        if position < count { throw SyntaxError(message: "unexpected text after the JSON value", offset: position) }
    }

    private mutating func skipWhitespace(_ bytes: Bytes) {
        while position < count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func readValue(_ bytes: Bytes, into tokens: inout [IntrospectionJSON.Token]) throws(SyntaxError) {
        guard position < count else { throw SyntaxError(message: "unexpected end of input", offset: position) }
        let start = Int32(truncatingIfNeeded: position)
        switch bytes[position] {
        case UInt8(ascii: "{"):
            try readContainer(bytes, into: &tokens, kind: .object, close: UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            try readContainer(bytes, into: &tokens, kind: .array, close: UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            try readString(bytes, into: &tokens)
        case UInt8(ascii: "t"):
            try expect(bytes, "true")
            tokens.append(.init(kind: .true, hasEscapes: false, start: start, end: start + 4))
        case UInt8(ascii: "f"):
            try expect(bytes, "false")
            tokens.append(.init(kind: .false, hasEscapes: false, start: start, end: start + 5))
        case UInt8(ascii: "n"):
            try expect(bytes, "null")
            tokens.append(.init(kind: .null, hasEscapes: false, start: start, end: start + 4))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            position += 1
            while position < count {
                switch bytes[position] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                     UInt8(ascii: "+"), UInt8(ascii: "-"):
                    position += 1
                    continue
                default: break
                }
                break
            }
            tokens.append(.init(kind: .number, hasEscapes: false, start: start, end: Int32(truncatingIfNeeded: position)))
        default:
            throw SyntaxError(message: "unexpected character '\(Unicode.Scalar(bytes[position]))'", offset: position)
        }
    }

    private mutating func expect(_ bytes: Bytes, _ word: StaticString) throws(SyntaxError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= count else { throw SyntaxError(message: "unexpected end of input", offset: position) }
        let matches = word.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { throw SyntaxError(message: "invalid literal, expected '\(word)'", offset: position) }
        position += length
    }

    private mutating func readContainer(
        _ bytes: Bytes, into tokens: inout [IntrospectionJSON.Token], kind: IntrospectionJSON.Kind, close: UInt8
    ) throws(SyntaxError) {
        depth += 1
        guard depth <= 512 else { throw SyntaxError(message: "nesting too deep", offset: position) }
        let index = tokens.count
        tokens.append(.init(kind: kind, hasEscapes: false, start: Int32(truncatingIfNeeded: position), end: 0))
        position += 1
        skipWhitespace(bytes)
        if position < count, bytes[position] == close {
            position += 1
        } else {
            while true {
                if kind == .object {
                    guard position < count, bytes[position] == UInt8(ascii: "\"") else {
                        throw SyntaxError(message: "expected a string key", offset: position)
                    }
                    try readString(bytes, into: &tokens)
                    skipWhitespace(bytes)
                    guard position < count, bytes[position] == UInt8(ascii: ":") else {
                        throw SyntaxError(message: "expected ':' after an object key", offset: position)
                    }
                    position += 1
                    skipWhitespace(bytes)
                }
                try readValue(bytes, into: &tokens)
                skipWhitespace(bytes)
                guard position < count else { throw SyntaxError(message: "unexpected end of input", offset: position) }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace(bytes)
                } else if bytes[position] == close {
                    position += 1
                    break
                } else {
                    let expected = kind == .object ? "',' or '}'" : "',' or ']'"
                    throw SyntaxError(message: "expected \(expected)", offset: position)
                }
            }
        }
        tokens[index].end = Int32(truncatingIfNeeded: tokens.count)
        depth -= 1
    }

    private mutating func readString(_ bytes: Bytes, into tokens: inout [IntrospectionJSON.Token]) throws(SyntaxError) {
        position += 1 // the opening quote
        let start = position
        var hasEscapes = false
        while position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                tokens.append(.init(
                    kind: .string, hasEscapes: hasEscapes, start: Int32(truncatingIfNeeded: start),
                    end: Int32(truncatingIfNeeded: position)
                ))
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 2
                continue
            }
            if byte < 0x20 { throw SyntaxError(message: "control character in a string", offset: position) }
            position += 1
        }
        throw SyntaxError(message: "unterminated string", offset: start - 1)
    }
}
