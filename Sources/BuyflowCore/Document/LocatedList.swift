/// A list's items in the order written, read in place.
public struct LocatedList: RandomAccessCollection, Sendable {
    @usableFromInline let document: LocatedDocument
    @usableFromInline let start: UInt32
    public let count: Int

    /// No items.
    public init() {
        self.init(LocatedDocument.empty, start: 0, count: 0)
    }

    @inlinable
    init(_ document: LocatedDocument, start: UInt32, count: Int) {
        self.document = document
        self.start = start
        self.count = count
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> LocatedValue {
        precondition(position >= 0 && position < count, "item index out of range")
        return LocatedValue(document, index: document.links[Int(start) + position])
    }
}
