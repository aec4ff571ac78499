/// One entry of a mapping: a view of its key and value in their document.
public struct LocatedMember: Sendable {
    @usableFromInline let document: LocatedDocument
    @usableFromInline let keyIndex: UInt32
    @usableFromInline let valueIndex: UInt32

    @inlinable
    init(_ document: LocatedDocument, key: UInt32, value: UInt32) {
        self.document = document
        self.keyIndex = key
        self.valueIndex = value
    }

    /// A member made in code (parsers build whole documents with `LocatedDocumentBuilder`).
    public init(key: String, at keyLocation: SourceLocation, value: LocatedValue, keyIsScalar: Bool = true) {
        var builder = LocatedDocumentBuilder()
        let keyNode = builder.key(key, at: keyLocation, isScalar: keyIsScalar)
        let valueNode = builder.add(value)
        let document = builder.finish(valueNode).document
        self.init(document, key: keyNode.index, value: valueNode.index)
    }

    /// The key's text; a YAML key that is not a scalar has its rendering here and
    /// `keyIsScalar == false` (the reader reports it).
    @inlinable
    public var key: String { document.string(of: keyIndex) }

    /// Whether the key is `name`, compared without making a string.
    @inlinable
    public func hasKey(_ name: String) -> Bool { document.text(of: keyIndex, equals: name) }

    @inlinable
    public var keyLocation: SourceLocation { document.nodes[Int(keyIndex)].location }

    @inlinable
    public var keyIsScalar: Bool { !document.nodes[Int(keyIndex)].flags.contains(.keyNotScalar) }

    @inlinable
    public var value: LocatedValue { LocatedValue(document, index: valueIndex) }
}
