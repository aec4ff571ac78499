import Synchronization

/// The text of one source file with a line index, so diagnostics can quote the line
/// they point at. Values are cheap to copy; the text is shared.
public struct SourceFile: Sendable {
    public let path: String
    public let text: String
    /// The line index, built when first asked for: most files loaded are never quoted
    /// (a clean workflow reports nothing), so most never need one.
    private let index: LineIndex

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.index = LineIndex()
    }

    /// The UTF-8 offsets at which each line starts (after each line feed).
    /// Two passes over the bytes: counting line feeds (which vectorizes) sizes the array
    /// exactly, so filling it appends nothing.
    fileprivate static func lineStarts(of text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            var count = 1
            for byte in bytes { count &+= byte == UInt8(ascii: "\n") ? 1 : 0 }
            return [Int](unsafeUninitializedCapacity: count) { starts, initialized in
                starts[0] = 0
                var next = 1
                var offset = 0
                while next < count {
                    if bytes[offset] == UInt8(ascii: "\n") {
                        starts[next] = offset + 1
                        next += 1
                    }
                    offset += 1
                }
                initialized = count
            }
        }
    }

    /// UTF-8 offsets at which each line starts; `lineStarts[0] == 0`.
    private var lineStarts: [Int] { index.starts(of: text) }

    public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line without its line terminator, or `nil` when out of range.
    public func line(_ number: Int) -> Substring? {
        let lineStarts = lineStarts
        guard number >= 1, number <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        var end = number < lineStarts.count
            ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number] - 1)
            : utf8.endIndex
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = utf8.index(before: end)
        }
        return text[start..<end]
    }

    /// The UTF-8 byte offset of a 1-based line and column (columns count Unicode scalars,
    /// as in `SourceLocation`), or `nil` when the line does not exist or the column lies
    /// beyond the line's end (the column just past its last character, where its line
    /// break or the end of the file is, is allowed).
    public func utf8Offset(line: Int, column: Int) -> Int? {
        let lineStarts = lineStarts
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let utf8 = text.utf8
        var offset = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : utf8.count
        var remaining = column - 1
        var index = utf8.index(utf8.startIndex, offsetBy: offset)
        while remaining > 0 {
            guard offset < end else { return nil }
            // Step over one scalar: its lead byte and any continuation bytes.
            repeat {
                offset += 1
                index = utf8.index(after: index)
            } while offset < end && utf8[index] & 0xC0 == 0x80
            remaining -= 1
        }
        return offset
    }

    /// The location of a UTF-8 byte offset in this file.
    public func location(ofUTF8Offset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, text.utf8.count))
        let lineStarts = lineStarts
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let utf8 = text.utf8
        let lineStart = utf8.index(utf8.startIndex, offsetBy: lineStarts[low])
        let target = utf8.index(utf8.startIndex, offsetBy: clamped)
        let column = text.unicodeScalars[lineStart..<target].count + 1
        return SourceLocation(file: path, line: low + 1, column: column)
    }
}

/// `SourceFile`'s line starts, computed once, on first use, by whichever thread asks.
private final class LineIndex: Sendable {
    private let starts = Mutex<[Int]?>(nil)

    func starts(of text: String) -> [Int] {
        starts.withLock { starts in
            if let starts { return starts }
            let computed = SourceFile.lineStarts(of: text)
            starts = computed
            return computed
        }
    }
}
