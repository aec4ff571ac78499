/// Splits expression text into tokens, all at once (linear in the text's length).
///
/// Names are ASCII letters, digits and `_`; after a `.` a name may also hold `-` between
/// letters or digits (`steps.create-cart.data`), so write spaces around a binary minus
/// that follows a member (`x.count - 1`). Strings take `"…"` or `'…'` with the escapes
/// `\n \t \r \\ \" \' \/ \uXXXX \u{X…}`; any other backslash is kept as written, so
/// regular expressions read naturally (`"\d+"` is `\d+`).
struct ExpressionLexer {
    private let bytes: [UInt8]
    private var position = 0
    private var tokens: [ExpressionToken] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
        // About a token per four bytes of an expression, plus the end: grown seldom.
        tokens.reserveCapacity(bytes.count / 4 + 2)
    }

    static func tokenize(_ text: String) throws(ExpressionError) -> [ExpressionToken] {
        var lexer = ExpressionLexer(text)
        return try lexer.run()
    }

    private mutating func run() throws(ExpressionError) -> [ExpressionToken] {
        while true {
            skipSpace()
            guard position < bytes.count else { break }
            let start = position
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                lexName()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber()
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try lexString()
            default:
                try lexSymbol(byte, start: start)
            }
        }
        tokens.append(ExpressionToken(kind: .end, span: ExpressionSpan(offset: bytes.count, length: 0)))
        return tokens
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func lexName() {
        let start = position
        let afterDot = tokens.last?.kind == .symbol(.dot)
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isNameByte(byte) {
                position += 1
            } else if afterDot, byte == UInt8(ascii: "-"), let next = self.byte(at: position + 1), Self.isNameByte(next) {
                position += 2
            } else {
                break
            }
        }
        append(.identifier(text(start, position)), from: start)
    }

    private mutating func lexNumber() {
        let start = position
        while Self.isDigit(byte(at: position)) { position += 1 }
        if byte(at: position) == UInt8(ascii: "."), Self.isDigit(byte(at: position + 1)) {
            position += 1
            while Self.isDigit(byte(at: position)) { position += 1 }
        }
        if let e = byte(at: position), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var next = position + 1
            if let sign = byte(at: next), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { next += 1 }
            if Self.isDigit(byte(at: next)) {
                position = next
                while Self.isDigit(byte(at: position)) { position += 1 }
            }
        }
        append(.number(text(start, position)), from: start)
    }

    private mutating func lexString() throws(ExpressionError) {
        let start = position
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw ExpressionError(
                    "unterminated string", offset: start, length: bytes.count - start,
                    hint: "close it with \(quote == UInt8(ascii: "'") ? "'" : "\"")")
            }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                try lexEscape(into: &value)
            } else {
                value.append(byte)
                position += 1
            }
        }
        append(.string(String(decoding: value, as: UTF8.self)), from: start)
    }

    private mutating func lexEscape(into value: inout [UInt8]) throws(ExpressionError) {
        let start = position
        guard let next = byte(at: position + 1) else {
            value.append(UInt8(ascii: "\\"))
            position += 1
            return
        }
        position += 2
        switch next {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "/"): value.append(next)
        case UInt8(ascii: "u"):
            let scalar = try lexUnicodeEscape(start: start)
            UTF8.encode(scalar) { value.append($0) }
        default:
            value.append(UInt8(ascii: "\\"))
            value.append(next)
        }
    }

    /// After `\u`: `XXXX` (a surrogate pair as two escapes) or `{X…}`.
    private mutating func lexUnicodeEscape(start: Int) throws(ExpressionError) -> Unicode.Scalar {
        let invalid = { (end: Int) in
            ExpressionError(
                "invalid unicode escape", offset: start, length: max(2, end - start),
                hint: "write \\uXXXX or \\u{X…} with hexadecimal digits")
        }
        var code: UInt32
        if byte(at: position) == UInt8(ascii: "{") {
            position += 1
            code = 0
            var digits = 0
            while let byte = byte(at: position), let digit = Self.hexValue(byte) {
                code = code &* 16 &+ digit
                digits += 1
                position += 1
                guard digits <= 6 else { throw invalid(position) }
            }
            guard digits > 0, byte(at: position) == UInt8(ascii: "}") else { throw invalid(position) }
            position += 1
        } else {
            guard let unit = hexQuad() else { throw invalid(position) }
            code = unit
            if (0xD800...0xDBFF).contains(unit) {
                guard byte(at: position) == UInt8(ascii: "\\"), byte(at: position + 1) == UInt8(ascii: "u") else {
                    throw invalid(position)
                }
                position += 2
                guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { throw invalid(position) }
                code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
        }
        guard let scalar = Unicode.Scalar(code) else { throw invalid(position) }
        return scalar
    }

    private mutating func hexQuad() -> UInt32? {
        var code: UInt32 = 0
        for offset in 0..<4 {
            guard let byte = byte(at: position + offset), let digit = Self.hexValue(byte) else { return nil }
            code = code * 16 + digit
        }
        position += 4
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func lexSymbol(_ byte: UInt8, start: Int) throws(ExpressionError) {
        let next = self.byte(at: position + 1)
        let symbol: ExpressionSymbol
        switch byte {
        case UInt8(ascii: "."): symbol = .dot
        case UInt8(ascii: ","): symbol = .comma
        case UInt8(ascii: "("): symbol = .leftParen
        case UInt8(ascii: ")"): symbol = .rightParen
        case UInt8(ascii: "["): symbol = .leftBracket
        case UInt8(ascii: "]"): symbol = .rightBracket
        case UInt8(ascii: "+"): symbol = .plus
        case UInt8(ascii: "-"): symbol = .minus
        case UInt8(ascii: "!"): symbol = next == UInt8(ascii: "=") ? .notEqual : .bang
        case UInt8(ascii: "<"): symbol = next == UInt8(ascii: "=") ? .lessOrEqual : .less
        case UInt8(ascii: ">"): symbol = next == UInt8(ascii: "=") ? .greaterOrEqual : .greater
        case UInt8(ascii: "="):
            guard next == UInt8(ascii: "=") else {
                throw ExpressionError("unexpected '='", offset: start, length: 1, hint: "use '==' to compare values")
            }
            symbol = .equal
        case UInt8(ascii: "&"):
            guard next == UInt8(ascii: "&") else {
                throw ExpressionError("unexpected '&'", offset: start, length: 1, hint: "use '&&' for 'and'")
            }
            symbol = .and
        case UInt8(ascii: "|"):
            guard next == UInt8(ascii: "|") else {
                throw ExpressionError("unexpected '|'", offset: start, length: 1, hint: "use '||' for 'or'")
            }
            symbol = .or
        default:
            throw unexpectedCharacter(at: start)
        }
        position += symbol.rawValue.utf8.count
        append(.symbol(symbol), from: start)
    }

    private func unexpectedCharacter(at start: Int) -> ExpressionError {
        var end = start + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = text(start, end)
        let hint: String? = switch character {
        case "$": "names are written without '$': vars.qty, cartId"
        case "{", "}": "an expression inside ${{ }} is written without braces"
        case "`": "strings are written in \"double\" or 'single' quotes"
        default: nil
        }
        return ExpressionError("unexpected character '\(character)'", offset: start, length: end - start, hint: hint)
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private mutating func append(_ kind: ExpressionToken.Kind, from start: Int) {
        tokens.append(ExpressionToken(kind: kind, span: ExpressionSpan(offset: start, length: position - start)))
    }
}
