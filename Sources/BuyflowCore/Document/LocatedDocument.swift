/// The storage behind every `LocatedValue` of one parsed file: all its nodes, the links
/// from collections to their items and all its text, in three flat buffers.
///
/// A `LocatedValue` is this document and a node's number, so copying one retains one
/// object, and a document of ten thousand values is three allocations, not tens of
/// thousands of arrays and strings. Built once by `LocatedDocumentBuilder`, never changed.
public final class LocatedDocument: @unchecked Sendable {
    /// One value: a scalar with its text, or a collection with its items' links.
    @usableFromInline
    struct Node: Sendable, BitwiseCopyable {
        @usableFromInline var kind: Kind
        /// `ScalarStyle` by `Node.styles` index plus one; 0 for a collection.
        @usableFromInline var style: UInt8
        @usableFromInline var flags: Flags
        @usableFromInline var path: UInt32
        @usableFromInline var line: UInt32
        @usableFromInline var column: UInt32
        @usableFromInline var endLine: UInt32
        @usableFromInline var endColumn: UInt32
        /// A scalar's text: offset and length in `bytes`. A collection's items: the first
        /// link and the number of items (of members, for a mapping: two links each).
        @usableFromInline var start: UInt32
        @usableFromInline var count: UInt32
        /// An integer's value, a double's bit pattern, a boolean as 0 or 1.
        @usableFromInline var number: UInt64

        @usableFromInline
        enum Kind: UInt8, Sendable, BitwiseCopyable {
            case null, bool, int, double, string, list, map
        }

        @usableFromInline
        struct Flags: OptionSet, Sendable, BitwiseCopyable {
            @usableFromInline var rawValue: UInt8
            @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
            /// A scalar other than a string keeps its text as written (`1.50`, `0x2A`).
            @usableFromInline static let hasText = Flags(rawValue: 1)
            /// A mapping key that is not a scalar: its text is a rendering, for messages.
            @usableFromInline static let keyNotScalar = Flags(rawValue: 2)
        }

        @usableFromInline static let styles: [ScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded, .json]

        @inlinable
        var location: SourceLocation {
            SourceLocation(path: SourcePath(rawValue: path), line: Int(line), column: Int(column))
        }

        @inlinable
        var endLocation: SourceLocation {
            SourceLocation(path: SourcePath(rawValue: path), line: Int(endLine), column: Int(endColumn))
        }
    }

    @usableFromInline let nodes: UnsafeMutableBufferPointer<Node>
    /// Items of lists (a node each) and members of mappings (key node, value node).
    @usableFromInline let links: UnsafeMutableBufferPointer<UInt32>
    @usableFromInline let bytes: UnsafeMutableBufferPointer<UInt8>

    init(nodes: [Node], links: [UInt32], bytes: [UInt8]) {
        self.nodes = Self.copy(nodes)
        self.links = Self.copy(links)
        self.bytes = Self.copy(bytes)
    }

    deinit {
        nodes.deallocate()
        links.deallocate()
        bytes.deallocate()
    }

    /// A document with nothing in it, for empty views.
    static let empty = LocatedDocument(nodes: [], links: [], bytes: [])

    private static func copy<Element: BitwiseCopyable>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(array.count, 1))
        array.withUnsafeBufferPointer { source in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(source))
        }
        return UnsafeMutableBufferPointer(rebasing: buffer[..<array.count])
    }

    // MARK: - Reading nodes

    /// The text bytes of node `index`.
    @inlinable
    func text(of index: UInt32) -> UnsafeBufferPointer<UInt8> {
        let node = nodes[Int(index)]
        return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + Int(node.start) }, count: Int(node.count))
    }

    @inlinable
    func string(of index: UInt32) -> String {
        String(decoding: text(of: index), as: UTF8.self)
    }

    /// Whether nodes `a` and `b` have the same text, byte for byte.
    @inlinable
    func sameText(_ a: UInt32, _ b: UInt32) -> Bool {
        text(of: a).sameBytes(as: text(of: b))
    }

    /// Whether node `index`'s text is `name`, byte for byte.
    @inlinable
    func text(of index: UInt32, equals name: String) -> Bool {
        let text = text(of: index)
        guard name.utf8.count == text.count else { return false }
        return name.utf8.withContiguousStorageIfAvailable { $0.sameBytes(as: text) } ?? name.utf8.elementsEqual(text)
    }
}
