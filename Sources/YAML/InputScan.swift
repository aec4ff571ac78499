import BuyflowCore

/// One pass over the input before libyaml sees it: finds NUL characters, notes what
/// the location mapping needs (character count, line breaks libyaml counts but
/// `SourceFile` does not), whether libyaml's reader would refuse a character, and where
/// the text ends. ASCII runs are checked eight bytes at a time.
struct InputScan {
    /// Unicode scalars in the input.
    var scalarCount = 0
    /// The input has a line break other than LF or CR LF (a lone CR, NEL, LS or PS),
    /// so libyaml's line numbers differ from `SourceFile`'s.
    var hasOtherLineBreaks = false
    /// The input has a character libyaml's reader refuses ("control characters are not
    /// allowed"): a C0 control other than tab, LF and CR, DEL, a C1 control other than
    /// NEL, U+FFFE or U+FFFF. Without one, libyaml can be handed the text already decoded
    /// (`LibYAMLEventReader`); with one, its reader reports it.
    var hasRefusedCharacters = false
    /// The 1-based line and column just past the last character that is not a line
    /// break: where "end of file" errors point.
    var endLine = 1
    var endColumn = 1

    private var continuationBytes = 0
    private var lineFeeds = 0
    private var firstNUL: Int?

    /// Scans valid UTF-8; throws a located diagnostic for a NUL character.
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(Diagnostic) {
        let count = bytes.count
        var index = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= count, firstNUL == nil {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                if word & high == 0 {
                    // ASCII: with no byte below 0x20 and no DEL there is nothing to note; else
                    // count LFs unless a byte below 0x20 other than tab and LF, or a DEL,
                    // needs a closer look. (`below` is exact: no carry crosses a byte, each
                    // being at most 0x7F.)
                    let below = ~(word &+ 0x6060_6060_6060_6060) & high
                    let del = Self.matches(0x7F, in: word)
                    if below | del == 0 {
                        index += 8
                        continue
                    }
                    let lineFeedsHere = Self.matches(0x0A, in: word)
                    if del == 0, below & ~(lineFeedsHere | Self.matches(0x09, in: word)) == 0 {
                        lineFeeds += lineFeedsHere.nonzeroBitCount
                        index += 8
                        continue
                    }
                }
                for offset in index..<index + 8 { inspect(bytes, at: offset) }
                index += 8
            }
        }
        while index < count, firstNUL == nil {
            inspect(bytes, at: index)
            index += 1
        }
        if let offset = firstNUL {
            throw Diagnostic.error(
                "found a NUL character (byte 0x00); YAML text cannot contain NUL",
                at: Self.location(of: offset, in: bytes, path: path),
                code: "yaml.nul",
                hint: "this looks like a binary file or one saved as UTF-16; save it as UTF-8 text"
            )
        }
        scalarCount = count - continuationBytes
        (endLine, endColumn) = Self.end(of: bytes, lastLine: lineFeeds + 1)
    }

    private mutating func inspect(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        let byte = bytes[index]
        if byte & 0xC0 == 0x80 {
            continuationBytes += 1
            return
        }
        switch byte {
        case 0x0A:
            lineFeeds += 1
        case 0x0D:
            if index + 1 >= bytes.count || bytes[index + 1] != 0x0A { hasOtherLineBreaks = true }
        case 0x00:
            if firstNUL == nil { firstNUL = index }
        case 0x09, 0x20...0x7E:
            break
        case 0x01...0x1F, 0x7F:
            hasRefusedCharacters = true
        case 0xC2:
            // U+0080-U+009F: NEL is a line break, the others are C1 controls.
            guard index + 1 < bytes.count else { break }
            if bytes[index + 1] == 0x85 {
                hasOtherLineBreaks = true
            } else if bytes[index + 1] < 0xA0 {
                hasRefusedCharacters = true
            }
        case 0xE2:
            if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                hasOtherLineBreaks = true
            }
        case 0xEF:
            // U+FFFE and U+FFFF.
            if index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { hasRefusedCharacters = true }
        default:
            break
        }
    }

    /// A word with the high bit set in each byte equal to `byte`, and no other bit.
    private static func matches(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((x & low7) &+ low7) | x | low7)
    }

    /// The line and column (in characters) of the byte at `offset`; the bytes before it are
    /// valid UTF-8 when this is used.
    static func location(of offset: Int, in bytes: some Collection<UInt8>, path: String) -> SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: path, line: line, column: column)
    }

    /// The position just past the last character that is not CR or LF.
    private static func end(of bytes: UnsafeBufferPointer<UInt8>, lastLine: Int) -> (Int, Int) {
        var line = lastLine
        var index = bytes.count - 1
        while index >= 0, bytes[index] == 0x0A || bytes[index] == 0x0D {
            if bytes[index] == 0x0A { line -= 1 }
            index -= 1
        }
        var column = 1
        while index >= 0, bytes[index] != 0x0A {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index -= 1
        }
        return (line, column)
    }
}
