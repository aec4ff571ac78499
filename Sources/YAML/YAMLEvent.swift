/// A libyaml position: 0-based character index, line and column (libyaml counts
/// characters, that is Unicode scalars, not bytes).
struct YAMLMark: Sendable, Equatable {
    var index: Int
    var line: Int
    var column: Int
}

/// One parser event, as Swift values (see `LibYAMLEventReader`).
enum YAMLEvent: Sendable {
    struct Scalar: Sendable {
        var text: String
        var style: YAMLScalar.Style
        var tag: String?
        var anchor: String?
        var start: YAMLMark
        var end: YAMLMark
    }

    struct CollectionStart: Sendable {
        var tag: String?
        var anchor: String?
        var isFlow: Bool
        var start: YAMLMark
    }

    case streamStart
    case streamEnd(YAMLMark)
    case documentStart(YAMLMark)
    case documentEnd(YAMLMark)
    case alias(name: String, start: YAMLMark, end: YAMLMark)
    case scalar(Scalar)
    case sequenceStart(CollectionStart)
    case sequenceEnd(YAMLMark)
    case mappingStart(CollectionStart)
    case mappingEnd(YAMLMark)
}
