extension Lexer {
    /// The value of a string or block string token: escapes decoded, block strings
    /// dedented. The token was validated when it was read.
    func stringValue(of token: Token) -> String {
        if token.kind == .blockString {
            return BlockString.value(bytes, from: token.start &+ 3, to: token.end &- 3)
        }
        let start = token.start &+ 1, end = token.end &- 1
        guard token.hasEscapes else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(end &- start)
        var p = start
        while p < end {
            let byte = bytes[p]
            guard byte == 0x5C else {
                out.append(byte)
                p &+= 1
                continue
            }
            switch bytes[p &+ 1] {
            case 0x62: out.append(0x08)  // \b
            case 0x66: out.append(0x0C)  // \f
            case 0x6E: out.append(0x0A)  // \n
            case 0x72: out.append(0x0D)  // \r
            case 0x74: out.append(0x09)  // \t
            case 0x75:  // \u
                guard let (scalar, escapeEnd) = Lexer.unicodeEscape(in: bytes, at: p) else {
                    preconditionFailure("an invalid escape passed the lexer")
                }
                Lexer.appendUTF8(scalar, to: &out)
                p = escapeEnd
                continue
            default: out.append(bytes[p &+ 1])  // \" \\ \/
            }
            p &+= 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text of a token as written (names, numbers).
    @inline(__always)
    func text(of token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
