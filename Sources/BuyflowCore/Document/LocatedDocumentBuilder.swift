/// Builds a `LocatedDocument` from the bottom up, as a parser meets its values: scalars
/// as they come, a collection once its items are made. Items wait on a stack of their
/// own (`push`), so a parser keeps no arrays of values:
///
///     var builder = LocatedDocumentBuilder()
///     let first = builder.pendingCount
///     builder.push(builder.key("name", at: keyLocation))
///     builder.push(builder.scalar(.string, text: "Checkout", style: .plain, at: start, end: end))
///     let root = builder.map(from: first, at: mapStart, end: mapEnd)
///     let value = builder.finish(root)
public struct LocatedDocumentBuilder: Sendable {
    /// A node made by this builder, to push or to finish with.
    public struct Node: Sendable, Hashable {
        @usableFromInline let index: UInt32
        @inlinable init(index: UInt32) { self.index = index }
    }

    /// What a scalar resolved to; a string's value is its text.
    public enum Scalar: Sendable {
        case null, bool(Bool), int(Int), double(Double), string
    }

    var nodes: [LocatedDocument.Node] = []
    var links: [UInt32] = []
    var bytes: [UInt8] = []
    var pending: [UInt32] = []

    public init() {}

    /// Room for about `nodes` values and `bytes` bytes of text.
    public init(reservingNodes nodes: Int, bytes: Int) {
        self.nodes.reserveCapacity(nodes)
        self.links.reserveCapacity(nodes)
        self.bytes.reserveCapacity(bytes)
        pending.reserveCapacity(64)
    }

    // MARK: - Scalars

    /// A scalar whose text (as written, or a string's value) is `text`; `hasText: false`
    /// for a value other than a string that keeps no text.
    public mutating func scalar(
        _ scalar: Scalar, text: UnsafeBufferPointer<UInt8>, hasText: Bool = true, style: ScalarStyle?,
        at location: SourceLocation, end: SourceLocation
    ) -> Node {
        let start = UInt32(truncatingIfNeeded: bytes.count)
        if hasText || isString(scalar) { bytes.append(contentsOf: text) }
        var node = Self.node(kind: .null, at: location, end: end)
        node.style = style.map(Self.code) ?? 0
        node.start = start
        node.count = UInt32(truncatingIfNeeded: bytes.count) &- start
        if hasText { node.flags.insert(.hasText) }
        switch scalar {
        case .null: node.kind = .null
        case .bool(let bool): node.kind = .bool; node.number = bool ? 1 : 0
        case .int(let int): node.kind = .int; node.number = UInt64(bitPattern: Int64(int))
        case .double(let double): node.kind = .double; node.number = double.bitPattern
        case .string: node.kind = .string
        }
        return append(node)
    }

    /// `scalar` with text given as a string (`nil`: a value other than a string with no text).
    public mutating func scalar(
        _ scalar: Scalar, text: String?, style: ScalarStyle?, at location: SourceLocation, end: SourceLocation
    ) -> Node {
        let hasText = text != nil
        var text = text ?? ""
        return text.withUTF8 { self.scalar(scalar, text: $0, hasText: hasText, style: style, at: location, end: end) }
    }

    /// A mapping's key: its text, and whether it is a scalar (a YAML key that is a
    /// collection or alias has a rendering for messages instead).
    public mutating func key(_ text: String, at location: SourceLocation, isScalar: Bool = true) -> Node {
        let node = scalar(.string, text: text, style: nil, at: location, end: location)
        if !isScalar { nodes[Int(node.index)].flags.insert(.keyNotScalar) }
        return node
    }

    // MARK: - Collections

    /// Items and members waiting for their collection.
    public var pendingCount: Int { pending.count }

    public mutating func push(_ node: Node) { pending.append(node.index) }

    /// A list of the nodes pushed from `first` on, which it takes off the stack.
    public mutating func list(from first: Int, at location: SourceLocation, end: SourceLocation) -> Node {
        collection(.list, from: first, items: pending.count - first, at: location, end: end)
    }

    /// A mapping of the nodes pushed from `first` on: keys and values alternating.
    public mutating func map(from first: Int, at location: SourceLocation, end: SourceLocation) -> Node {
        collection(.map, from: first, items: (pending.count - first) / 2, at: location, end: end)
    }

    private mutating func collection(
        _ kind: LocatedDocument.Node.Kind, from first: Int, items: Int, at location: SourceLocation, end: SourceLocation
    ) -> Node {
        var node = Self.node(kind: kind, at: location, end: end)
        node.start = UInt32(truncatingIfNeeded: links.count)
        node.count = UInt32(truncatingIfNeeded: items)
        links.append(contentsOf: pending[first...])
        pending.removeSubrange(first...)
        return append(node)
    }

    /// The value of `node` again, at another place (a YAML alias): a collection's items
    /// are shared, not copied.
    public mutating func copy(_ node: Node, at location: SourceLocation, end: SourceLocation) -> Node {
        var copy = nodes[Int(node.index)]
        let moved = Self.node(kind: copy.kind, at: location, end: end)
        copy.path = moved.path
        copy.line = moved.line
        copy.column = moved.column
        copy.endLine = moved.endLine
        copy.endColumn = moved.endColumn
        return append(copy)
    }

    /// A copy of `value`, from any document, with everything inside it.
    public mutating func add(_ value: LocatedValue) -> Node {
        add(value.index, of: value.document)
    }

    private mutating func add(_ index: UInt32, of document: LocatedDocument) -> Node {
        var node = document.nodes[Int(index)]
        switch node.kind {
        case .list, .map:
            let width = node.kind == .map ? 2 : 1
            let first = pending.count
            for link in 0..<Int(node.count) * width {
                push(add(document.links[Int(node.start) + link], of: document))
            }
            node.start = UInt32(truncatingIfNeeded: links.count)
            links.append(contentsOf: pending[first...])
            pending.removeSubrange(first...)
        default:
            let start = UInt32(truncatingIfNeeded: bytes.count)
            bytes.append(contentsOf: document.text(of: index))
            node.start = start
        }
        return append(node)
    }

    /// The document, with `root` as its value; the builder is left empty. (Mutating, not
    /// consuming: `finish(builder.map(…))` then makes the root before the document.)
    public mutating func finish(_ root: Node) -> LocatedValue {
        let document = LocatedDocument(nodes: nodes, links: links, bytes: bytes)
        self = LocatedDocumentBuilder()
        return LocatedValue(document, index: root.index)
    }

    // MARK: - Nodes

    private mutating func append(_ node: LocatedDocument.Node) -> Node {
        nodes.append(node)
        return Node(index: UInt32(truncatingIfNeeded: nodes.count - 1))
    }

    private func isString(_ scalar: Scalar) -> Bool {
        if case .string = scalar { true } else { false }
    }

    private static func node(kind: LocatedDocument.Node.Kind, at location: SourceLocation, end: SourceLocation) -> LocatedDocument.Node {
        LocatedDocument.Node(
            kind: kind, style: 0, flags: [], path: location.path.rawValue,
            line: UInt32(clamping: location.line), column: UInt32(clamping: location.column),
            endLine: UInt32(clamping: end.line), endColumn: UInt32(clamping: end.column),
            start: 0, count: 0, number: 0
        )
    }

    private static func code(_ style: ScalarStyle) -> UInt8 {
        switch style {
        case .plain: 1
        case .singleQuoted: 2
        case .doubleQuoted: 3
        case .literal: 4
        case .folded: 5
        case .json: 6
        }
    }
}
