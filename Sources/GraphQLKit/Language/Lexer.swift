import BuyflowCore

/// Splits GraphQL source text into tokens, one at a time, working on UTF-8 bytes.
///
/// The buffer must end with one NUL byte past the source (`count` is the source's length):
/// the sentinel lets the scanning loops run without bounds checks. Implements the lexical
/// grammar of the October 2021 specification plus the current draft's (`\u{…}` escapes,
/// supplementary characters, surrogate pairs); C0 control characters other than tab, line
/// feed and carriage return are rejected everywhere, as in the October 2021 edition.
///
/// Lines end at `\n`, `\r\n` or `\r`; columns count Unicode scalars.
struct Lexer {
    /// The source's bytes followed by a NUL sentinel.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The length of the source, without the sentinel.
    let count: Int
    let path: String
    let maxTokens: Int

    /// The next byte to read.
    private(set) var position = 0
    /// The current line (1-based) and the offset at which it starts.
    private(set) var line = 1
    private(set) var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `position`, so that a column in
    /// Unicode scalars is `position - lineStart - lineExtra + 1`.
    private var lineExtra = 0
    /// Tokens produced so far, `<EOF>` not counted.
    private(set) var tokenCount = 0

    init(bytes: UnsafeBufferPointer<UInt8>, path: String, maxTokens: Int = .max) {
        precondition(bytes.count >= 1 && bytes[bytes.count - 1] == 0, "the buffer must end with a NUL sentinel")
        self.bytes = bytes
        self.count = bytes.count - 1
        self.path = path
        self.maxTokens = maxTokens
    }

    /// Runs `body` with a lexer over `source`.
    static func withLexer<R>(
        _ source: String, path: String = "<document>", maxTokens: Int = .max,
        _ body: (inout Lexer) throws(Diagnostic) -> R
    ) throws(Diagnostic) -> R {
        var bytes = Array(source.utf8)
        bytes.append(0)
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(Diagnostic) -> R in
                var lexer = Lexer(bytes: buffer, path: path, maxTokens: maxTokens)
                return try body(&lexer)
            }
        }
        return try result.get()
    }

    // MARK: - Tokens

    /// Skips ignored tokens (white space, line terminators, commas, comments, byte order
    /// marks) and returns the next token; `<EOF>` at the end, as often as asked.
    mutating func next() throws(Diagnostic) -> Token {
        var p = position
        skipping: while true {
            switch bytes[p] {
            case 0x20, 0x09, 0x2C:  // space, tab, comma
                p &+= 1
            case 0x0A:
                p &+= 1
                startLine(at: p)
            case 0x0D:
                p &+= 1
                if bytes[p] == 0x0A { p &+= 1 }
                startLine(at: p)
            case 0x23:  // '#': a comment runs to the end of the line
                p &+= 1
                while true {
                    let byte = bytes[p]
                    if byte >= 0x80 {
                        if byte < 0xC0 { lineExtra &+= 1 }
                    } else if byte < 0x20 && byte != 0x09 {
                        break
                    }
                    p &+= 1
                }
            case 0xEF where bytes[p &+ 1] == 0xBB && bytes[p &+ 2] == 0xBF:  // U+FEFF
                p &+= 3
                lineExtra &+= 2
            default:
                break skipping
            }
        }
        position = p
        let column = p &- lineStart &- lineExtra &+ 1
        if p >= count {
            return Token(kind: .eof, hasEscapes: false, start: count, end: count, line: line, column: column)
        }
        tokenCount &+= 1
        if tokenCount > maxTokens {
            throw Diagnostic.error(
                "document has more than \(maxTokens) tokens; parsing stopped",
                at: SourceLocation(file: path, line: line, column: column), code: Parser.syntaxCode,
                hint: "the limit (ParseOptions.maxTokens) protects against oversized documents"
            )
        }

        let kind: TokenKind
        switch bytes[p] {
        case 0x21: kind = .bang
        case 0x24: kind = .dollar
        case 0x26: kind = .amp
        case 0x28: kind = .parenL
        case 0x29: kind = .parenR
        case 0x3A: kind = .colon
        case 0x3D: kind = .equals
        case 0x40: kind = .at
        case 0x5B: kind = .bracketL
        case 0x5D: kind = .bracketR
        case 0x7B: kind = .braceL
        case 0x7C: kind = .pipe
        case 0x7D: kind = .braceR
        case 0x2E:  // '.'
            guard bytes[p &+ 1] == 0x2E, bytes[p &+ 2] == 0x2E else { throw unexpectedCharacter(at: p) }
            position = p &+ 3
            return Token(kind: .spread, hasEscapes: false, start: p, end: p &+ 3, line: line, column: column)
        case 0x41...0x5A, 0x61...0x7A, 0x5F:  // NameStart
            var q = p &+ 1
            while Lexer.isNameContinue(bytes[q]) { q &+= 1 }
            position = q
            return Token(kind: .name, hasEscapes: false, start: p, end: q, line: line, column: column)
        case 0x30...0x39, 0x2D:  // digit, '-'
            return try lexNumber(start: p, column: column)
        case 0x22:  // '"'
            if bytes[p &+ 1] == 0x22 && bytes[p &+ 2] == 0x22 {
                return try lexBlockString(start: p, column: column)
            }
            return try lexString(start: p, column: column)
        default:
            throw unexpectedCharacter(at: p)
        }
        position = p &+ 1
        return Token(kind: kind, hasEscapes: false, start: p, end: p &+ 1, line: line, column: column)
    }

    @inline(__always)
    private mutating func startLine(at offset: Int) {
        line &+= 1
        lineStart = offset
        lineExtra = 0
    }

    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
    }

    @inline(__always)
    static func isNameContinue(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    // MARK: - Numbers

    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, not followed by a digit,
    /// `.` or a name start.
    private mutating func lexNumber(start: Int, column: Int) throws(Diagnostic) -> Token {
        var p = start
        var isFloat = false
        if bytes[p] == 0x2D {
            p &+= 1
            guard Lexer.isDigit(bytes[p]) else {
                throw numberError("expected digit after '-', found \(describeCharacter(at: p))", at: p)
            }
        }
        if bytes[p] == 0x30 {
            p &+= 1
            if Lexer.isDigit(bytes[p]) {
                throw numberError(
                    "unexpected digit after 0: \(describeCharacter(at: p))", at: p,
                    hint: "GraphQL numbers are written without leading zeros"
                )
            }
        } else {
            while Lexer.isDigit(bytes[p]) { p &+= 1 }
        }
        if bytes[p] == 0x2E {  // fractional part
            isFloat = true
            p &+= 1
            guard Lexer.isDigit(bytes[p]) else {
                throw numberError("expected digit after '.', found \(describeCharacter(at: p))", at: p)
            }
            while Lexer.isDigit(bytes[p]) { p &+= 1 }
        }
        if bytes[p] | 0x20 == 0x65 {  // exponent part: e, E
            isFloat = true
            p &+= 1
            if bytes[p] == 0x2B || bytes[p] == 0x2D { p &+= 1 }
            guard Lexer.isDigit(bytes[p]) else {
                throw numberError("expected digit in exponent, found \(describeCharacter(at: p))", at: p)
            }
            while Lexer.isDigit(bytes[p]) { p &+= 1 }
        }
        if bytes[p] == 0x2E || Lexer.isNameStart(bytes[p]) {
            throw numberError(
                "unexpected \(describeCharacter(at: p)) right after the number", at: p,
                hint: bytes[p] == 0x2E ? nil : "a name cannot start right after a number; separate them with a space"
            )
        }
        position = p
        return Token(kind: isFloat ? .float : .int, hasEscapes: false, start: start, end: p, line: line, column: column)
    }

    private func numberError(_ message: String, at offset: Int, hint: String? = nil) -> Diagnostic {
        error("invalid number, \(message)", at: offset, hint: hint)
    }

    // MARK: - Strings

    /// `"…"` on one line, with escapes; validated here, decoded by `stringValue(of:)`.
    private mutating func lexString(start: Int, column: Int) throws(Diagnostic) -> Token {
        var p = start &+ 1
        var hasEscapes = false
        while true {
            let byte = bytes[p]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                if byte >= 0x80 && byte < 0xC0 { lineExtra &+= 1 }
                p &+= 1
            } else if byte == 0x22 {
                position = p &+ 1
                return Token(kind: .string, hasEscapes: hasEscapes, start: start, end: p &+ 1, line: line, column: column)
            } else if byte == 0x5C {
                hasEscapes = true
                p = try escapeEnd(at: p)
            } else if byte == 0x09 {
                p &+= 1
            } else if byte == 0x0A || byte == 0x0D || p >= count {
                throw Diagnostic.error(
                    "unterminated string", at: SourceLocation(file: path, line: line, column: column),
                    code: Parser.syntaxCode,
                    hint: p >= count
                        ? "the string's closing '\"' is missing"
                        : "a string ends on the line it starts on; a block string (\"\"\"…\"\"\") may span lines"
                )
            } else {
                throw error("invalid character within String: \(Lexer.codePoint(UInt32(byte)))", at: p)
            }
        }
    }

    /// The offset just past the escape sequence whose backslash is at `offset`.
    private func escapeEnd(at offset: Int) throws(Diagnostic) -> Int {
        switch bytes[offset &+ 1] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
            return offset &+ 2
        case 0x75:  // u
            if let (_, end) = Lexer.unicodeEscape(in: bytes, at: offset) { return end }
            throw error(
                "invalid Unicode escape sequence '\(escapeText(at: offset))'", at: offset,
                hint: "write \\u and four hex digits (a surrogate pair for characters above U+FFFF), or \\u{…} with up to six"
            )
        default:
            let found = offset &+ 1 >= count ? "\\" : "\\" + characterText(at: offset &+ 1)
            throw error(
                "invalid escape sequence '\(found)'", at: offset,
                hint: "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX and \\u{X…}; write a backslash as \\\\"
            )
        }
    }

    /// Decodes the `\u` escape at `offset` (the backslash): `\uXXXX`, a surrogate pair
    /// `\uD83D\uDE00` or `\u{1F600}`; `nil` when it is invalid (not hex, a lone
    /// surrogate, beyond U+10FFFF).
    static func unicodeEscape(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: UInt32, end: Int)? {
        var p = offset &+ 2
        if bytes[p] == 0x7B {  // '{'
            p &+= 1
            var value: UInt32 = 0
            var digits = 0
            while let digit = hexValue(bytes[p]) {
                value = value &* 16 &+ digit
                digits &+= 1
                if value > 0x10FFFF { return nil }
                p &+= 1
            }
            guard digits > 0, bytes[p] == 0x7D, !(0xD800...0xDFFF).contains(value) else { return nil }
            return (value, p &+ 1)
        }
        guard let first = fourHex(bytes, at: p) else { return nil }
        p &+= 4
        switch first {
        case 0xD800...0xDBFF:  // a leading surrogate needs a trailing one
            guard bytes[p] == 0x5C, bytes[p &+ 1] == 0x75, let second = fourHex(bytes, at: p &+ 2),
                  (0xDC00...0xDFFF).contains(second)
            else { return nil }
            return (0x10000 &+ ((first &- 0xD800) << 10) &+ (second &- 0xDC00), p &+ 6)
        case 0xDC00...0xDFFF:
            return nil
        default:
            return (first, p)
        }
    }

    private static func fourHex(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32? {
        guard let a = hexValue(bytes[offset]), let b = hexValue(bytes[offset &+ 1]),
              let c = hexValue(bytes[offset &+ 2]), let d = hexValue(bytes[offset &+ 3])
        else { return nil }
        return a << 12 | b << 8 | c << 4 | d
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte &- 0x30)
        case 0x41...0x46: UInt32(byte &- 0x37)
        case 0x61...0x66: UInt32(byte &- 0x57)
        default: nil
        }
    }

    /// The text of a bad `\u` escape for messages: `\u12`, `\uD83D`, `\u{110000}`.
    private func escapeText(at offset: Int) -> String {
        var end = offset &+ 2
        if bytes[end] == 0x7B {
            end &+= 1
            while Lexer.hexValue(bytes[end]) != nil && end &- offset < 16 { end &+= 1 }
            if bytes[end] == 0x7D { end &+= 1 }
        } else {
            while Lexer.hexValue(bytes[end]) != nil && end &- offset < 6 { end &+= 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// `"""…"""`, possibly over several lines; `\"""` stands for `"""`. Its value is
    /// computed by `BlockString.value(of:)`.
    private mutating func lexBlockString(start: Int, column: Int) throws(Diagnostic) -> Token {
        let firstLine = line
        var p = start &+ 3
        while true {
            let byte = bytes[p]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                if byte >= 0x80 && byte < 0xC0 { lineExtra &+= 1 }
                p &+= 1
            } else if byte == 0x22 {
                if bytes[p &+ 1] == 0x22 && bytes[p &+ 2] == 0x22 {
                    position = p &+ 3
                    return Token(kind: .blockString, hasEscapes: false, start: start, end: p &+ 3, line: firstLine, column: column)
                }
                p &+= 1
            } else if byte == 0x5C {
                p &+= bytes[p &+ 1] == 0x22 && bytes[p &+ 2] == 0x22 && bytes[p &+ 3] == 0x22 ? 4 : 1
            } else if byte == 0x0A {
                p &+= 1
                startLine(at: p)
            } else if byte == 0x0D {
                p &+= 1
                if bytes[p] == 0x0A { p &+= 1 }
                startLine(at: p)
            } else if byte == 0x09 {
                p &+= 1
            } else if p >= count {
                throw Diagnostic.error(
                    "unterminated block string", at: SourceLocation(file: path, line: firstLine, column: column),
                    code: Parser.syntaxCode, hint: "the block string's closing '\"\"\"' is missing"
                )
            } else {
                throw error("invalid character within String: \(Lexer.codePoint(UInt32(byte)))", at: p)
            }
        }
    }

    // MARK: - Errors

    private func unexpectedCharacter(at offset: Int) -> Diagnostic {
        let byte = bytes[offset]
        var hint: String?
        switch byte {
        case 0x2E:
            hint = Lexer.isDigit(bytes[offset &+ 1])
                ? "a number needs a digit before its '.', as in 0.5"
                : "did you mean '...'?"
        case 0x27: hint = "strings are written between double quotes"
        case 0x3F: hint = "'?' is not GraphQL; a non-null type is written with '!'"
        case 0x80...: hint = "names may contain only ASCII letters, digits and '_'; other characters belong in strings"
        default: break
        }
        return error("unexpected character \(describeCharacter(at: offset))", at: offset, hint: hint)
    }

    func error(_ message: String, at offset: Int, hint: String? = nil) -> Diagnostic {
        .error(message, at: sourceLocation(ofOffset: offset), code: Parser.syntaxCode, hint: hint)
    }

    /// The line and column of a byte offset: cheap on the current line, a scan from the
    /// start of the source otherwise (used for errors only).
    func sourceLocation(ofOffset offset: Int) -> SourceLocation {
        var lineNumber = line
        var start = lineStart
        if offset < lineStart {
            lineNumber = 1
            start = 0
            var p = 0
            while p < offset {
                if bytes[p] == 0x0A || (bytes[p] == 0x0D && bytes[p &+ 1] != 0x0A) {
                    lineNumber &+= 1
                    start = p &+ 1
                }
                p &+= 1
            }
        }
        var column = 1
        var p = start
        while p < offset {
            if bytes[p] & 0xC0 != 0x80 { column &+= 1 }
            p &+= 1
        }
        return SourceLocation(file: path, line: lineNumber, column: column)
    }

    /// A character for messages: `'?'`, `<EOF>`, `U+0007`, `'é' (U+00E9)`.
    func describeCharacter(at offset: Int) -> String {
        if offset >= count { return "<EOF>" }
        let scalar = scalar(at: offset)
        switch scalar.value {
        case 0x27: return "\"'\""
        case 0x20...0x7E: return "'\(Character(scalar))'"
        case 0..<0x20, 0x7F...0x9F: return Lexer.codePoint(scalar.value)
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned,
                 .spaceSeparator, .lineSeparator, .paragraphSeparator,
                 .nonspacingMark, .enclosingMark, .spacingMark:
                return Lexer.codePoint(scalar.value)
            default:
                return "'\(Character(scalar))' (\(Lexer.codePoint(scalar.value)))"
            }
        }
    }

    /// The character at `offset` as text (for escapes in messages).
    private func characterText(at offset: Int) -> String {
        let scalar = scalar(at: offset)
        return scalar.value < 0x20 ? Lexer.codePoint(scalar.value) : String(Character(scalar))
    }

    /// The Unicode scalar starting at `offset` (the source is valid UTF-8).
    private func scalar(at offset: Int) -> Unicode.Scalar {
        let lead = bytes[offset]
        if lead < 0x80 { return Unicode.Scalar(lead) }
        var length = 1
        while length < 4 && bytes[offset &+ length] & 0xC0 == 0x80 { length &+= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset &+ length]), as: UTF8.self)
        return text.unicodeScalars.first ?? "\u{FFFD}"
    }

    /// `U+0007`, `U+1F600`.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
