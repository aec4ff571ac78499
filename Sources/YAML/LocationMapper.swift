import BuyflowCore

/// Turns libyaml marks (0-based, counting characters, with its own idea of line breaks)
/// into 1-based `SourceLocation`s that agree with `SourceFile`.
///
/// Usually libyaml's line and column are used as they are. When the text has line breaks
/// that libyaml counts and `SourceFile` does not (a lone CR, NEL, LS, PS), the
/// character index is mapped through a table of line starts instead. Marks at the very
/// end of the input point just past the last character, not at a line that isn't there.
struct LocationMapper: Sendable {
    let path: String
    /// `path`, interned once for every location of the file.
    let sourcePath: SourcePath
    private let scalarCount: Int
    private let end: YAMLNode.Position
    /// Character indices at which each LF-separated line starts; only when needed.
    private let lineStarts: [Int]?

    init(path: String, scan: InputScan, bytes: UnsafeBufferPointer<UInt8>) {
        self.path = path
        self.sourcePath = SourcePath(path)
        self.scalarCount = scan.scalarCount
        self.end = YAMLNode.Position(line: scan.endLine, column: scan.endColumn)
        if scan.hasOtherLineBreaks {
            var starts = [0]
            var scalars = 0
            for byte in bytes {
                if byte & 0xC0 != 0x80 { scalars += 1 }
                if byte == 0x0A { starts.append(scalars) }
            }
            lineStarts = starts
        } else {
            lineStarts = nil
        }
    }

    func position(_ mark: YAMLMark) -> YAMLNode.Position {
        if mark.index >= scalarCount { return end }
        guard let lineStarts else { return YAMLNode.Position(line: mark.line + 1, column: mark.column + 1) }
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= mark.index { low = middle } else { high = middle - 1 }
        }
        return YAMLNode.Position(line: low + 1, column: mark.index - lineStarts[low] + 1)
    }

    func location(_ mark: YAMLMark) -> SourceLocation {
        let position = position(mark)
        return SourceLocation(path: sourcePath, line: Int(position.line), column: Int(position.column))
    }
}
