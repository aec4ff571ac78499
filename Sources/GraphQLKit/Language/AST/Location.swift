import BuyflowCore

/// Where an AST node starts and ends in its source: UTF-8 offsets plus the 1-based
/// line and column (in Unicode scalars) of the start.
///
/// Locations never take part in AST equality or hashing: two documents that differ
/// only in layout are equal, so `parse(print(document)) == document` holds.
public struct Location: Sendable, Hashable, CustomStringConvertible {
    public var start: Int32
    public var end: Int32
    public var line: Int32
    public var column: Int32

    public init(start: Int, end: Int, line: Int, column: Int) {
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
        self.line = Int32(truncatingIfNeeded: line)
        self.column = Int32(truncatingIfNeeded: column)
    }

    /// A location for nodes built in code rather than parsed.
    public static let synthesized = Location(start: 0, end: 0, line: 0, column: 0)

    public var isSynthesized: Bool { line == 0 }

    /// The project-wide location for diagnostics.
    public func sourceLocation(in path: String) -> SourceLocation {
        SourceLocation(file: path, line: Int(line), column: Int(column))
    }

    public var description: String { "\(line):\(column)" }

    public static func == (lhs: Location, rhs: Location) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
