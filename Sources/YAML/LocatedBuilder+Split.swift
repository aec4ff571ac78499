import BuyflowCore

/// The first part of a document parsed in two (`StreamReader.readSplit`): it stops with
/// a top-level mapping and the block sequence at the split still open, then adopts the
/// second part's nodes and closes both.
extension LocatedBuilder {
    /// Whether exactly a top-level mapping and, in it, a sequence whose items are indented
    /// by `indent` are open.
    func endsInSequence(indent: Int) -> Bool {
        frames.count == 2 && frames[0].isMapping && !frames[1].isMapping && Int(frames[1].start.column) == indent + 1
    }

    /// The root: the open sequence with the second part's items after its own, then the
    /// mapping with the second part's members after its own.
    mutating func adopt(_ part: StreamReader.SecondPart.Result) throws(Unsupported) -> Node {
        let (sum, overflow) = expanded.addingReportingOverflow(part.expanded)
        if overflow || sum > limits.maxAliasExpansion { throw Unsupported() }
        expanded = sum
        let moved = document.append(part.document)
        for item in part.items { document.push(moved(item)) }
        let sequence = frames.removeLast()
        document.push(document.list(from: sequence.first, at: location(sequence.start), end: part.sequenceEnd))
        for member in part.members { document.push(moved(member)) }
        let mapping = frames.removeLast()
        return document.map(from: mapping.first, at: location(mapping.start), end: part.mappingEnd)
    }
}
