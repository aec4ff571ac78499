/// Parser events as plain data: what `LibYAMLEventReader.next(into:)` reads, with every
/// string's bytes in one buffer, so reading makes no Swift string and touches no
/// reference count. `LocatedBuilder` builds from batches of them.
struct RawEventBatch: Sendable {
    struct Event: Sendable {
        enum Kind: UInt8, Sendable {
            case streamStart, streamEnd, documentStart, documentEnd, alias, scalar, sequenceStart, sequenceEnd,
                 mappingStart, mappingEnd
        }

        var kind: Kind
        var style = YAMLScalar.Style.plain
        var isFlow = false
        /// Ranges in `bytes`: the scalar's text or the alias's name; the tag; the anchor.
        var text = Span.none
        var tag = Span.none
        var anchor = Span.none
        var start: YAMLMark
        var end: YAMLMark
    }

    /// A range of `bytes`; `none` for a string that is not there.
    struct Span: Sendable {
        var start: Int32
        var count: Int32

        static let none = Span(start: 0, count: -1)
    }

    var events: [Event] = []
    var bytes: [UInt8] = []

    var count: Int { events.count }

    /// Empties the batch, keeping its room.
    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Copies `count` bytes into `bytes`.
    mutating func span(_ pointer: UnsafePointer<UInt8>?, count: Int) -> Span {
        guard let pointer else { return .none }
        let start = bytes.count
        bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
        return Span(start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: count))
    }

    func string(_ span: Span) -> String? {
        guard span.count >= 0 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(span.start)..<Int(span.start + span.count)]), as: UTF8.self)
        }
    }
}
