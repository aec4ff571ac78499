/// Parsing to a `LocatedValue`, the form `DocumentReader` reads a user's file in.
extension JSONParser {
    /// Parses JSON text into a `LocatedValue`: every value and member name located at
    /// `path`, 1-based line and column (columns count Unicode scalars of the text as
    /// written, so `"\ud83d\ude00"` is 14 columns wide and `"😀"` 3), strings with style
    /// `.json`, numbers, booleans and null `.plain` with their `text` as written (`1.50`
    /// stays "1.50"). A member name written twice is kept twice, in order, for the reader
    /// to report. Same strictness, limits and error diagnostics as `parse`.
    public func parseLocated(_ text: String) throws(Diagnostic) -> LocatedValue {
        var text = text
        return try text.withUTF8 { buffer in Result { () throws(Diagnostic) in try parseLocated(buffer) } }.get()
    }

    /// `parseLocated` over UTF-8 bytes (invalid UTF-8 in a string is an error).
    public func parseLocated(bytes: some Collection<UInt8>) throws(Diagnostic) -> LocatedValue {
        let attempt = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(Diagnostic) in try parseLocated(buffer) }
        }
        if let attempt { return try attempt.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(Diagnostic) in try parseLocated(buffer) }
        }.get()
    }

    /// `parseLocated` over a buffer of UTF-8 bytes.
    public func parseLocated(_ buffer: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> LocatedValue {
        var reader = LocatedReader(Reader(bytes: buffer, path: path, maxDepth: maxDepth))
        reader.scanner.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.scanner.skipWhitespace()
        if reader.scanner.index < buffer.count { throw reader.scanner.error("unexpected text after the JSON value") }
        return reader.builder.finish(value)
    }

    /// The tree-building half of `parseLocated` over the scanner `parse` uses. Locations
    /// come from a cursor that only moves forward (values, keys and ends are located in
    /// the order written), so locating costs one extra pass over the bytes in all.
    private struct LocatedReader {
        var scanner: Reader
        var builder: LocatedDocumentBuilder
        private let file: SourcePath
        private var line = 1
        private var column = 1
        /// The byte offset `line` and `column` describe.
        private var offset = 0

        init(_ scanner: Reader) {
            self.scanner = scanner
            self.builder = LocatedDocumentBuilder(reservingNodes: scanner.bytes.count / 8, bytes: scanner.bytes.count / 2)
            self.file = SourcePath(scanner.path)
        }

        /// The location of byte `target` (not before the last one asked for). Lines end at
        /// LF only (a CR of CRLF ends the line it is on), as in `SourceFile`.
        mutating func location(_ target: Int) -> SourceLocation {
            let bytes = scanner.bytes
            while offset < target {
                let byte = bytes[offset]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
            }
            return SourceLocation(path: file, line: line, column: column)
        }

        private mutating func scalar(_ scalar: LocatedDocumentBuilder.Scalar, from start: Int, at location: SourceLocation) -> Node {
            let end = self.location(scanner.index)
            return builder.scalar(
                scalar, text: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index]), style: .plain, at: location, end: end
            )
        }

        typealias Node = LocatedDocumentBuilder.Node

        mutating func readValue(depth: Int) throws(Diagnostic) -> Node {
            let start = scanner.index
            guard start < scanner.bytes.count else { throw scanner.error("expected a JSON value, found the end of the input") }
            let here = location(start)
            switch scanner.bytes[start] {
            case UInt8(ascii: "{"): return try readObject(depth: depth + 1, at: here)
            case UInt8(ascii: "["): return try readArray(depth: depth + 1, at: here)
            case UInt8(ascii: "\""):
                let string = try scanner.readString()
                let end = location(scanner.index)
                return builder.scalar(.string, text: string, style: .json, at: here, end: end)
            case UInt8(ascii: "t"):
                try scanner.expectWord("true")
                return scalar(.bool(true), from: start, at: here)
            case UInt8(ascii: "f"):
                try scanner.expectWord("false")
                return scalar(.bool(false), from: start, at: here)
            case UInt8(ascii: "n"):
                try scanner.expectWord("null")
                return scalar(.null, from: start, at: here)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let content: LocatedDocumentBuilder.Scalar = switch try scanner.readNumber() {
                case .int(let number): .int(number)
                case .double(let number): .double(number)
                default: preconditionFailure("readNumber returns a number")
                }
                return scalar(content, from: start, at: here)
            default:
                throw scanner.error("expected a JSON value, found \(scanner.describeFound())")
            }
        }

        /// As `Reader.readObject`, keeping every member (a repeated name too) with its
        /// name's location.
        mutating func readObject(depth: Int, at here: SourceLocation) throws(Diagnostic) -> Node {
            if depth > scanner.maxDepth { throw scanner.error("JSON nested deeper than \(scanner.maxDepth) levels") }
            scanner.index += 1
            let first = builder.pendingCount
            scanner.skipWhitespace()
            if scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: "}") {
                scanner.index += 1
                let end = location(scanner.index)
                return builder.map(from: first, at: here, end: end)
            }
            while true {
                scanner.skipWhitespace()
                guard scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: "\"") else {
                    throw scanner.error("expected a member name in quotes, found \(scanner.describeFound())")
                }
                let keyLocation = location(scanner.index)
                let key = try scanner.readString()
                scanner.skipWhitespace()
                guard scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: ":") else {
                    throw scanner.error("expected ':' after member name, found \(scanner.describeFound())")
                }
                scanner.index += 1
                scanner.skipWhitespace()
                builder.push(builder.key(key, at: keyLocation))
                builder.push(try readValue(depth: depth))
                scanner.skipWhitespace()
                guard scanner.index < scanner.bytes.count else { throw scanner.error("unterminated object; expected ',' or '}'") }
                if scanner.bytes[scanner.index] == UInt8(ascii: ",") {
                    scanner.index += 1
                    continue
                }
                if scanner.bytes[scanner.index] == UInt8(ascii: "}") {
                    scanner.index += 1
                    let end = location(scanner.index)
                    return builder.map(from: first, at: here, end: end)
                }
                throw scanner.error("expected ',' or '}' in object, found \(scanner.describeFound())")
            }
        }

        /// As `Reader.readArray`.
        mutating func readArray(depth: Int, at here: SourceLocation) throws(Diagnostic) -> Node {
            if depth > scanner.maxDepth { throw scanner.error("JSON nested deeper than \(scanner.maxDepth) levels") }
            scanner.index += 1
            let first = builder.pendingCount
            scanner.skipWhitespace()
            if scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: "]") {
                scanner.index += 1
                let end = location(scanner.index)
                return builder.list(from: first, at: here, end: end)
            }
            while true {
                scanner.skipWhitespace()
                builder.push(try readValue(depth: depth))
                scanner.skipWhitespace()
                guard scanner.index < scanner.bytes.count else { throw scanner.error("unterminated array; expected ',' or ']'") }
                if scanner.bytes[scanner.index] == UInt8(ascii: ",") {
                    scanner.index += 1
                    continue
                }
                if scanner.bytes[scanner.index] == UInt8(ascii: "]") {
                    scanner.index += 1
                    let end = location(scanner.index)
                    return builder.list(from: first, at: here, end: end)
                }
                throw scanner.error("expected ',' or ']' in array, found \(scanner.describeFound())")
            }
        }
    }
}
