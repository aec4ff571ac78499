internal import CYaml

/// The one place that talks to libyaml, through its public API only: a parser reading a
/// UTF-8 buffer (libyaml detects the encoding, so a byte-order mark means what it means
/// to libyaml) and handing out `YAMLEvent`s — Swift values; no C type leaves this file.
/// Each event is freed with `yaml_event_delete` once converted, the parser in `deinit`.
///
/// The buffer must stay valid and unchanged for the reader's lifetime.
struct LibYAMLEventReader: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var failed = false
    /// libyaml reads a leading byte-order mark without counting it; `SourceFile` counts it
    /// as the first line's first column, so marks are shifted by one where it is.
    private let markShift: Int

    /// A stand-in buffer for empty input: libyaml asserts on a null input pointer.
    private static let emptyInput: [UInt8] = [0]

    /// A reader of `bytes`, valid UTF-8.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(LibYAMLProblem) {
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            event.deallocate()
            throw LibYAMLProblem.outOfMemory
        }
        markShift = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 1 : 0
        if let base = bytes.baseAddress {
            yaml_parser_set_input_string(parser, base, bytes.count)
        } else {
            Self.emptyInput.withUnsafeBufferPointer { yaml_parser_set_input_string(parser, $0.baseAddress, 0) }
        }
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// The next event. After a thrown problem the reader must not be used again.
    mutating func next() throws(LibYAMLProblem) -> YAMLEvent {
        precondition(!failed, "LibYAMLEventReader used after an error")
        guard yaml_parser_parse(parser, event) != 0 else {
            failed = true
            throw problem()
        }
        defer { yaml_event_delete(event) }
        let start = mark(event.pointee.start_mark)
        let end = mark(event.pointee.end_mark)
        switch event.pointee.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_STREAM_END_EVENT:
            return .streamEnd(start)
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(start)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd(end)
        case YAML_ALIAS_EVENT:
            return .alias(name: Self.string(event.pointee.data.alias.anchor) ?? "", start: start, end: end)
        case YAML_SCALAR_EVENT:
            let scalar = event.pointee.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            return .scalar(YAMLEvent.Scalar(
                text: text, style: Self.style(scalar.style), tag: Self.string(scalar.tag),
                anchor: Self.string(scalar.anchor), start: start, end: end
            ))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.pointee.data.sequence_start
            return .sequenceStart(YAMLEvent.CollectionStart(
                tag: Self.string(sequence.tag), anchor: Self.string(sequence.anchor),
                isFlow: sequence.style == YAML_FLOW_SEQUENCE_STYLE, start: start
            ))
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd(end)
        case YAML_MAPPING_START_EVENT:
            let mapping = event.pointee.data.mapping_start
            return .mappingStart(YAMLEvent.CollectionStart(
                tag: Self.string(mapping.tag), anchor: Self.string(mapping.anchor),
                isFlow: mapping.style == YAML_FLOW_MAPPING_STYLE, start: start
            ))
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd(end)
        default:
            failed = true
            throw LibYAMLProblem(kind: .parser, problem: "unexpected event from libyaml", context: nil,
                                 problemMark: start, contextMark: nil, offset: 0, value: -1)
        }
    }

    // MARK: - Conversions

    private func problem() -> LibYAMLProblem {
        let p = parser.pointee
        let kind: LibYAMLProblem.Kind = switch p.error {
        case YAML_MEMORY_ERROR: .memory
        case YAML_READER_ERROR: .reader
        case YAML_SCANNER_ERROR: .scanner
        default: .parser
        }
        return LibYAMLProblem(
            kind: kind,
            problem: p.problem.map { String(cString: $0) } ?? "unknown problem",
            context: p.context.map { String(cString: $0) },
            problemMark: mark(p.problem_mark),
            contextMark: p.context == nil ? nil : mark(p.context_mark),
            offset: p.problem_offset,
            value: Int(p.problem_value)
        )
    }

    private func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(index: mark.index + markShift, line: mark.line, column: mark.line == 0 ? mark.column + markShift : mark.column)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
