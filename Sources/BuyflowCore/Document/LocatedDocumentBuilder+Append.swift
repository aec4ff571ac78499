/// One document built in parts (a long YAML file parsed in two halves at once): what a
/// second builder made is appended to the first, and the collections that span both are
/// made from the items of each.
extension LocatedDocumentBuilder {
    /// Where the nodes of an appended builder went: `moved(node)` is `node` in this one.
    package struct Moved: Sendable {
        let offset: UInt32

        package func callAsFunction(_ node: Node) -> Node {
            Node(index: node.index &+ offset)
        }
    }

    /// Appends every node `other` made — with the items of its collections and the text of
    /// its scalars — after this builder's own; `other`'s pending items are not taken.
    package mutating func append(_ other: LocatedDocumentBuilder) -> Moved {
        let nodeBase = UInt32(truncatingIfNeeded: nodes.count)
        let linkBase = UInt32(truncatingIfNeeded: links.count)
        let byteBase = UInt32(truncatingIfNeeded: bytes.count)
        nodes.reserveCapacity(nodes.count + other.nodes.count)
        for var node in other.nodes {
            node.start &+= node.kind == .list || node.kind == .map ? linkBase : byteBase
            nodes.append(node)
        }
        links.reserveCapacity(links.count + other.links.count)
        for link in other.links { links.append(link &+ nodeBase) }
        bytes.append(contentsOf: other.bytes)
        return Moved(offset: nodeBase)
    }

    /// The items of a collection made by this builder (a mapping's keys and values
    /// alternating); none for a scalar.
    package func items(of node: Node) -> [Node] {
        let made = nodes[Int(node.index)]
        guard made.kind == .list || made.kind == .map else { return [] }
        let width = made.kind == .map ? 2 : 1
        let start = Int(made.start)
        return links[start..<start + Int(made.count) * width].map { Node(index: $0) }
    }

    /// Whether `node` is a list (`true`), a mapping (`false`) or neither (`nil`).
    package func isList(_ node: Node) -> Bool? {
        switch nodes[Int(node.index)].kind {
        case .list: true
        case .map: false
        default: nil
        }
    }

    /// Where `node` starts and ends.
    package func span(of node: Node) -> (start: SourceLocation, end: SourceLocation) {
        let made = nodes[Int(node.index)]
        return (made.location, made.endLocation)
    }
}
