/// Points from a place inside a scalar's value back into the file it was written in.
///
/// A GraphQL document or an expression lives inside a YAML (or JSON) string; its own
/// diagnostics say "line 3, column 9" of the string's value, after YAML has unquoted,
/// unescaped and folded it. The map replays those rules over the scalar's raw text and
/// turns a place in the value into the file location of the character that produced it:
///
///     let map = ScalarSourceMap(scalar: step.query, in: sourceFile)
///     let location = map?.location(line: 3, column: 9) ?? step.query.location
///
/// What a value character maps to:
/// - a character copied from the source: that character;
/// - a character produced by an escape (`\n`, `\u00e9`, `\"`, …): the backslash;
///   the `'` produced by `''` in single quotes: the first of the two quotes;
/// - a line break kept in the value: the line break in the file that produced it;
/// - a space produced by folding a line break: the end of the line before, where
///   that line break is (trailing blanks, which folding drops, come before it);
/// - an offset at or past the value's end: just past the last content character
///   (for a quoted scalar with no trailing blanks, the closing quote).
///
/// Building the map scans the scalar's text once (block scalars with an explicit
/// indentation indicator may try a few indentations); looking up a place is a binary
/// search plus counting the columns of one line. When the file's text does not match
/// the value (the file changed, or the value came from an alias), the part that did
/// match maps exactly and the rest maps to the scalar's start.
public struct ScalarSourceMap: Sendable {
    private let source: SourceFile
    /// The scalar's location: the fallback for what could not be traced.
    private let start: SourceLocation
    private let value: String
    /// Runs of the value in order of their first byte, each mapped to the file.
    private let segments: [Segment]
    /// How many leading bytes of the value the segments account for.
    private let mapped: Int
    /// UTF-8 offset in the file just past the last content character.
    private let contentEnd: Int

    /// A map of `scalar`, a string written in `source`; `nil` when the value is not a
    /// string scalar or its text is not where its location says (no opening quote or
    /// block indicator there, say, or a location outside the file).
    public init?(scalar: LocatedValue, in source: SourceFile) {
        guard case .string(let value) = scalar.content, let style = scalar.style,
              let offset = source.utf8Offset(line: scalar.location.line, column: scalar.location.column)
        else { return nil }
        var text = source.text
        var expected = value
        let replayed = text.withUTF8 { bytes in
            expected.withUTF8 { expected in Replay.run(style, at: offset, in: bytes, expecting: expected) }
        }
        guard let replayed else { return nil }
        self.source = source
        self.start = scalar.location
        self.value = value
        self.segments = replayed.segments
        self.mapped = replayed.produced
        self.contentEnd = replayed.contentEnd
    }

    /// Whether every byte of the value was traced to the file (`false` when the file's
    /// text does not produce the value; the untraced part maps to the scalar's start).
    public var isExact: Bool { mapped == value.utf8.count }

    /// The file location of the character that produced the value's byte at `offset`
    /// (a UTF-8 offset into the value; inside a multi-byte character counts as its start).
    /// Offsets at or past the end map just past the last content character; negative
    /// offsets map like 0.
    public func location(ofUTF8Offset offset: Int) -> SourceLocation {
        let utf8 = value.utf8
        if offset >= utf8.count { return isExact ? location(ofSourceOffset: contentEnd) : start }
        var offset = max(0, offset)
        guard offset < mapped else { return start }
        while offset > 0, utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 == 0x80 { offset -= 1 }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].value <= offset { low = middle } else { high = middle - 1 }
        }
        guard segments.indices.contains(low) else { return start }
        let segment = segments[low]
        return location(ofSourceOffset: segment.isCopy ? segment.source + (offset - segment.value) : segment.source)
    }

    /// The file location of the value's character at a 1-based `line` and `column` of the
    /// value text, as GraphQL and expression diagnostics give them: lines end at `\n`,
    /// `\r\n` or `\r`; columns count Unicode scalars. A column past the end of its line
    /// maps to where the line ends; a line past the last, to the end of the value.
    public func location(line: Int, column: Int) -> SourceLocation {
        location(ofUTF8Offset: Self.utf8Offset(line: line, column: column, in: value))
    }

    private func location(ofSourceOffset offset: Int) -> SourceLocation {
        var location = source.location(ofUTF8Offset: offset)
        location.file = start.file
        return location
    }

    /// The UTF-8 offset of a line and column of `text` (see `location(line:column:)`).
    static func utf8Offset(line: Int, column: Int, in text: String) -> Int {
        let utf8 = text.utf8
        var index = utf8.startIndex
        var offset = 0
        var currentLine = 1
        while currentLine < line, index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            offset += 1
            if byte == UInt8(ascii: "\r"), index < utf8.endIndex, utf8[index] == UInt8(ascii: "\n") {
                index = utf8.index(after: index)
                offset += 1
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { currentLine += 1 }
        }
        guard currentLine >= line else { return utf8.count }
        var currentColumn = 1
        while currentColumn < column, index < utf8.endIndex,
              utf8[index] != UInt8(ascii: "\n"), utf8[index] != UInt8(ascii: "\r") {
            repeat {
                index = utf8.index(after: index)
                offset += 1
            } while index < utf8.endIndex && utf8[index] & 0xC0 == 0x80
            currentColumn += 1
        }
        return offset
    }
}

extension ScalarSourceMap {
    /// A run of the value from byte `value` to the next segment's: a copied run maps
    /// byte for byte from `source` on; any other (an escape, a fold, a line break) maps
    /// every byte to `source`.
    struct Segment: Sendable {
        var value: Int
        var source: Int
        var isCopy: Bool
    }
}
