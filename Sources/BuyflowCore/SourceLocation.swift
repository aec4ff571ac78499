/// A position in a source file: the path as the user gave it, a 1-based line and a
/// 1-based column counted in Unicode scalars (a tab counts as one column).
///
/// The path is held as a `SourcePath` (a number), so locations copy without reference
/// counting; `file` gives it back as a string.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The file, interned.
    @usableFromInline package var path: SourcePath
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.init(path: SourcePath(file), line: line, column: column)
    }

    /// A location in a file already interned (no lookup of the path).
    @inlinable package init(path: SourcePath, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The path as the user gave it.
    public var file: String {
        get { path.string }
        set { path = SourcePath(newValue) }
    }

    /// `path:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.path == rhs.path { return (lhs.line, lhs.column) < (rhs.line, rhs.column) }
        return (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    // MARK: - Codable (the path as a string, as before)

    private enum CodingKeys: String, CodingKey {
        case file, line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
