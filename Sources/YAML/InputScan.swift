import BuyflowCore

/// What diagnostics need from the input before libyaml sees it: a NUL character (an
/// error of its own, located), the character count and line breaks libyaml counts but
/// `SourceFile` does not (for `LocationMapper`), and where the text ends.
struct InputScan {
    /// Unicode scalars in the input.
    var scalarCount = 0
    /// The input has a line break other than LF or CR LF (a lone CR, NEL, LS or PS),
    /// so libyaml's line numbers differ from `SourceFile`'s.
    var hasOtherLineBreaks = false
    /// The 1-based line and column just past the last character that is not a line
    /// break: where "end of file" errors point.
    var endLine = 1
    var endColumn = 1

    /// Scans valid UTF-8; throws a located diagnostic for a NUL character.
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(Diagnostic) {
        var continuationBytes = 0
        var lineFeeds = 0
        for index in bytes.indices {
            switch bytes[index] {
            case 0x80...0xBF:
                continuationBytes += 1
            case 0x0A:
                lineFeeds += 1
            case 0x0D:
                if index + 1 == bytes.count || bytes[index + 1] != 0x0A { hasOtherLineBreaks = true }
            case 0x00:
                throw Diagnostic.error(
                    "found a NUL character (byte 0x00); YAML text cannot contain NUL",
                    at: Self.location(of: index, in: bytes, path: path),
                    code: "yaml.nul",
                    hint: "this looks like a binary file or one saved as UTF-16; save it as UTF-8 text"
                )
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85:
                hasOtherLineBreaks = true  // NEL
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9:
                hasOtherLineBreaks = true  // LS, PS
            default:
                break
            }
        }
        scalarCount = bytes.count - continuationBytes
        (endLine, endColumn) = Self.end(of: bytes, lastLine: lineFeeds + 1)
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
