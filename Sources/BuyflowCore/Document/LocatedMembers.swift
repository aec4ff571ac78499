/// A mapping's members in the order written, read in place.
public struct LocatedMembers: RandomAccessCollection, Sendable {
    @usableFromInline let document: LocatedDocument
    @usableFromInline let start: UInt32
    public let count: Int

    /// No members.
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
    public subscript(position: Int) -> LocatedMember {
        precondition(position >= 0 && position < count, "member index out of range")
        let link = Int(start) + 2 * position
        return LocatedMember(document, key: document.links[link], value: document.links[link + 1])
    }

    /// Iterates with the document and the first link held once: a member is made from
    /// them, not from a copy of the collection for every step.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let document: LocatedDocument
        @usableFromInline var link: Int
        @usableFromInline let end: Int

        @inlinable
        init(_ members: LocatedMembers) {
            document = members.document
            link = Int(members.start)
            end = link + 2 * members.count
        }

        @inlinable
        public mutating func next() -> LocatedMember? {
            guard link < end else { return nil }
            defer { link += 2 }
            return LocatedMember(document, key: document.links[link], value: document.links[link + 1])
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The document's node of member `position`'s key (read without making a member).
    @inlinable
    func keyNode(_ position: Int) -> UInt32 {
        document.links[Int(start) + 2 * position]
    }

    /// The index of the first member under `key`.
    @inlinable
    public func firstIndex(of key: String) -> Int? {
        let found = key.utf8.withContiguousStorageIfAvailable { name in firstIndex(ofBytes: name) }
        if let found { return found }
        return firstIndex(ofBytes: Array(key.utf8))
    }

    /// The index of the first member whose key is `name` (UTF-8), compared in place.
    @inlinable
    func firstIndex(ofBytes name: UnsafeBufferPointer<UInt8>) -> Int? {
        for position in 0..<count where document.text(of: keyNode(position)).sameBytes(as: name) { return position }
        return nil
    }

    /// `firstIndex(of:)` over an array of bytes.
    @inlinable
    func firstIndex(ofBytes name: [UInt8]) -> Int? {
        name.withUnsafeBufferPointer { firstIndex(ofBytes: $0) }
    }
}
