/// One parser event as `LibYAMLEventReader.next(_:)` lends it: plain data, with its
/// strings as bytes where libyaml keeps them — valid only while the event is handed
/// over — so reading one makes no Swift string and touches no reference count.
struct RawEvent {
    enum Kind: UInt8 {
        case streamStart, streamEnd, documentStart, documentEnd, alias, scalar, sequenceStart, sequenceEnd,
             mappingStart, mappingEnd
    }

    var kind: Kind
    var style = YAMLScalar.Style.plain
    var isFlow = false
    /// A scalar's text or an alias's name (empty for other events).
    var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var tag: UnsafeBufferPointer<UInt8>?
    var anchor: UnsafeBufferPointer<UInt8>?
    var start: YAMLMark
    var end: YAMLMark

    /// `bytes` as a string (a tag or anchor; rare).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}
