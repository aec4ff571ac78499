/// A value read from a user's file — YAML or JSON — with the place each part is written,
/// so a model can be built from it and every problem pointed at. YAML trees convert to it
/// (`YAMLNode.located`), JSON parses to it (`JSONParser.parseLocated`); `DocumentReader`
/// walks it into typed values and collects every problem at once.
///
/// A value is a node of its file's `LocatedDocument`: copying one retains the document,
/// and a list's items or a mapping's members are views into it, made as they are read.
public struct LocatedValue: Sendable {
    public enum Content: Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        /// Items in the order written.
        case list(LocatedList)
        /// Members in the order written; a key written twice is kept twice, so the
        /// reader can report it (`DocumentReader.fields`).
        case map(LocatedMembers)
    }

    @usableFromInline let document: LocatedDocument
    @usableFromInline let index: UInt32

    @inlinable
    init(_ document: LocatedDocument, index: UInt32) {
        self.document = document
        self.index = index
    }

    @inlinable
    var node: LocatedDocument.Node { document.nodes[Int(index)] }

    @inlinable
    public var content: Content {
        let node = node
        switch node.kind {
        case .null: return .null
        case .bool: return .bool(node.number != 0)
        case .int: return .int(Int(Int64(bitPattern: node.number)))
        case .double: return .double(Double(bitPattern: node.number))
        case .string: return .string(document.string(of: index))
        case .list: return .list(LocatedList(document, start: node.start, count: Int(node.count)))
        case .map: return .map(LocatedMembers(document, start: node.start, count: Int(node.count)))
        }
    }

    /// Where the value starts.
    @inlinable
    public var location: SourceLocation { node.location }

    /// Just past its last character (for a block collection, where the next token starts).
    @inlinable
    public var endLocation: SourceLocation { node.endLocation }

    /// How a scalar was written; `nil` for collections.
    @inlinable
    public var style: ScalarStyle? {
        let code = node.style
        return code == 0 ? nil : LocatedDocument.Node.styles[Int(code) - 1]
    }

    /// A scalar's text as written, before resolution (`1.50` stays "1.50", `0x2A` stays
    /// "0x2A"); for strings, the string itself. `nil` for collections.
    @inlinable
    public var text: String? {
        let node = node
        guard node.kind == .string || node.flags.contains(.hasText) else { return nil }
        return document.string(of: index)
    }

    /// A value made in code: a scalar, or a copy of a collection read before. Parsers
    /// build whole documents with `LocatedDocumentBuilder`.
    public init(
        _ content: Content, at location: SourceLocation, end endLocation: SourceLocation? = nil,
        style: ScalarStyle? = nil, text: String? = nil
    ) {
        var builder = LocatedDocumentBuilder()
        let end = endLocation ?? location
        let root: LocatedDocumentBuilder.Node
        switch content {
        case .null: root = builder.scalar(.null, text: text, style: style, at: location, end: end)
        case .bool(let bool): root = builder.scalar(.bool(bool), text: text, style: style, at: location, end: end)
        case .int(let int): root = builder.scalar(.int(int), text: text, style: style, at: location, end: end)
        case .double(let double): root = builder.scalar(.double(double), text: text, style: style, at: location, end: end)
        case .string(let string): root = builder.scalar(.string, text: string, style: style, at: location, end: end)
        case .list(let items):
            self.init(list: Array(items), at: location, end: end)
            return
        case .map(let members):
            self.init(map: Array(members), at: location, end: end)
            return
        }
        self = builder.finish(root)
    }

    /// A list made in code from values read before (copied into a document of its own).
    public init(list items: [LocatedValue], at location: SourceLocation, end endLocation: SourceLocation? = nil) {
        var builder = LocatedDocumentBuilder()
        let first = builder.pendingCount
        for item in items { builder.push(builder.add(item)) }
        // The root first: `finish` takes the builder as it stands when called.
        let root = builder.list(from: first, at: location, end: endLocation ?? location)
        self = builder.finish(root)
    }

    /// A mapping made in code from members read or made before.
    public init(map members: [LocatedMember], at location: SourceLocation, end endLocation: SourceLocation? = nil) {
        var builder = LocatedDocumentBuilder()
        let first = builder.pendingCount
        for member in members {
            builder.push(builder.key(member.key, at: member.keyLocation, isScalar: member.keyIsScalar))
            builder.push(builder.add(member.value))
        }
        let root = builder.map(from: first, at: location, end: endLocation ?? location)
        self = builder.finish(root)
    }
}

/// How a scalar is written in its file; `ScalarSourceMap` uses it to point inside one.
public enum ScalarStyle: String, Sendable, Hashable, Codable {
    case plain, singleQuoted, doubleQuoted, literal, folded
    /// A JSON string (double quotes, JSON escapes).
    case json
}
