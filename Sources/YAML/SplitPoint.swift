/// Where a long document can be parsed in two parts at once: the start of an item of a
/// block sequence that is the value of a top-level key (a workflow's `steps:`), past
/// the middle of the text.
///
///     steps:              ← `parent`: a plain key at column 0, nothing after it
///       - name: First     ← the sequence's first item sets its indentation (2)
///         …
///       - name: Later     ← the split: an item at that indentation past the middle
///
/// The first part is parsed up to the split item's `-`, the second (a key line, then
/// the rest from the split line) on another thread; `StreamReader.readSplit` checks
/// that the first part really ends inside that sequence, at that indentation — else the
/// text is parsed whole. Lines inside a block scalar are more indented than the item,
/// and a quoted scalar or flow collection open at the split leaves the first part
/// unterminated, so the check cannot pass by chance.
struct SplitPoint: Equatable {
    /// The byte offset of the split line's first byte.
    var offset: Int
    /// Its 1-based line number.
    var line: Int
    /// The item's indentation: spaces before its `-`.
    var indent: Int
}

// Found in an extension, so the memberwise initializer stays.
extension SplitPoint {
    /// The split of `bytes` (nearest past `from`, by default the middle), or `nil` when
    /// there is none: no top-level block sequence reaches past the middle.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, from: Int? = nil) {
        let middle = from ?? bytes.count / 2
        var lineStart = 0
        var line = 1
        /// The indentation of the current top-level sequence's items, once its first is seen.
        var indent: Int?
        /// After a plain key with nothing after it, before its first item.
        var afterParent = false
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let first = bytes[lineStart]
            if first == UInt8(ascii: " ") {
                var spaces = 1
                while lineStart + spaces < lineEnd, bytes[lineStart + spaces] == UInt8(ascii: " ") { spaces += 1 }
                let isItem = Self.isItem(bytes, at: lineStart + spaces, lineEnd: lineEnd)
                if afterParent, !Self.isBlank(bytes, from: lineStart + spaces, to: lineEnd) {
                    // The parent's first content line: an item sets the indentation.
                    indent = isItem ? spaces : nil
                    afterParent = false
                } else if isItem, spaces == indent, lineStart >= middle {
                    offset = lineStart
                    self.line = line
                    self.indent = spaces
                    return
                }
            } else if first == UInt8(ascii: "-"), afterParent || indent == 0, Self.isItem(bytes, at: lineStart, lineEnd: lineEnd) {
                if afterParent {
                    indent = 0
                    afterParent = false
                } else if lineStart >= middle {
                    offset = lineStart
                    self.line = line
                    self.indent = 0
                    return
                }
            } else if !Self.isBlank(bytes, from: lineStart, to: lineEnd) {
                // Content at column 0 ends any sequence; a plain key alone may start one.
                indent = nil
                afterParent = Self.isPlainKeyAlone(bytes, from: lineStart, to: lineEnd)
            }
            lineStart = lineEnd + 1
            line += 1
        }
        return nil
    }

    /// `-` followed by a space or the end of the line.
    private static func isItem(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lineEnd: Int) -> Bool {
        guard index < lineEnd, bytes[index] == UInt8(ascii: "-") else { return false }
        return index + 1 == lineEnd || bytes[index + 1] == UInt8(ascii: " ") || bytes[index + 1] == UInt8(ascii: "\r")
    }

    /// Only spaces, then the end of the line or a comment.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index == end || bytes[index] == UInt8(ascii: "#") || (bytes[index] == UInt8(ascii: "\r") && index + 1 == end)
    }

    /// `name:` at column 0 — letters, digits, `_` and `-`, starting with a letter or `_` —
    /// then nothing but spaces or a comment.
    private static func isPlainKeyAlone(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_")
                || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
        }
        guard index < end, isWord(bytes[index]), bytes[index] != UInt8(ascii: "-"), !(bytes[index] >= 0x30 && bytes[index] <= 0x39) else { return false }
        while index < end, isWord(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        guard index == end || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\r") else { return false }
        return isBlank(bytes, from: index, to: end)
    }
}
