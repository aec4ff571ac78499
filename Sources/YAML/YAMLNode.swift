import BuyflowCore

/// A node of a parsed YAML document: a scalar, a sequence or a mapping, with the place
/// it starts (and ends) in the source. Aliases are already replaced by the node they
/// refer to and merge keys (`<<`) already applied, so a tree is plain data.
///
///     let root = try YAMLParser.parse(text, path: "checkout.yaml")
///     let steps = try root["steps"]?.expectSequence(context: "'steps'") ?? []
///     let name = steps.first?["name"]?.string
public struct YAMLNode: Sendable {
    /// What a node holds.
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        /// Items in the order written.
        case sequence([YAMLNode])
        /// Pairs in the order written; keys are unique (unless parsed with
        /// `duplicateKeys: .keep`, when a key written twice is there twice).
        case mapping([YAMLPair])
    }

    /// The node's scalar, items or pairs (typed accessors are in YAMLNode+Access.swift).
    public var content: Content
    /// The explicit tag, expanded (`!!int` is `tag:yaml.org,2002:int`), or `nil`.
    public var tag: String?
    private var file: SourcePath
    private var start: Position
    private var end: Position

    /// A 1-based line and column, compact so nodes stay small.
    struct Position: Sendable {
        var line: Int32
        var column: Int32

        init(line: Int, column: Int) {
            self.line = Int32(clamping: line)
            self.column = Int32(clamping: column)
        }
    }

    /// A node built by hand (tests, or a tree made without YAML text); `endLocation`
    /// defaults to `location`.
    public init(_ content: Content, tag: String? = nil, location: SourceLocation, endLocation: SourceLocation? = nil) {
        self.content = content
        self.tag = tag
        self.file = location.path
        self.start = Position(line: location.line, column: location.column)
        let endLocation = endLocation ?? location
        self.end = Position(line: endLocation.line, column: endLocation.column)
    }

    init(_ content: Content, tag: String?, file: SourcePath, start: Position, end: Position) {
        self.content = content
        self.tag = tag
        self.file = file
        self.start = start
        self.end = end
    }

    /// The same node placed elsewhere: an alias's node is located at the alias.
    func relocated(start: Position, end: Position) -> YAMLNode {
        var node = self
        node.start = start
        node.end = end
        return node
    }

    /// Where the node starts (for a node with an anchor or tag, where those start).
    public var location: SourceLocation {
        SourceLocation(path: file, line: Int(start.line), column: Int(start.column))
    }

    /// Where the node ends: just past its last character (for a block collection,
    /// where the next token starts).
    public var endLocation: SourceLocation {
        SourceLocation(path: file, line: Int(end.line), column: Int(end.column))
    }
}
