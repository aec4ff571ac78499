internal import CYaml
internal import CYamlAllocator

/// The one place that talks to libyaml: a parser reading a UTF-8 buffer and handing out
/// `YAMLEvent`s (Swift values; no C type leaves this file), or lending each event as a
/// `RawEvent` whose strings stay where libyaml keeps them. Every libyaml object it
/// creates is freed: each event right after it is converted or lent (its strings,
/// through `buyflow_yaml_event_release`), the parser in `deinit`.
///
/// The buffer must stay valid and unchanged for the reader's lifetime.
struct LibYAMLEventReader: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var failed = false
    /// libyaml was handed the text decoded (see `init`); for tests.
    let isDecodedInput: Bool

    /// A stand-in buffer for empty input: libyaml asserts on a null input pointer.
    nonisolated(unsafe) private static let emptyInput: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()

    /// A reader of `bytes`, valid UTF-8. With their `scan`, libyaml is handed the text
    /// already decoded (`buyflow_yaml_parser_set_decoded_input`: its reader, which would
    /// copy and decode it character by character, never runs) unless the scan found a
    /// character libyaml refuses — then libyaml reads it, and reports that character.
    init(_ bytes: UnsafeBufferPointer<UInt8>, scan: InputScan? = nil) throws(LibYAMLProblem) {
        _ = Self.allocator
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            event.deallocate()
            throw LibYAMLProblem.outOfMemory
        }
        // The input is validated UTF-8; saying so also keeps a byte-order mark in the
        // character count, so libyaml's columns match ours.
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        let decodedScalars = scan.flatMap { scan in !scan.hasRefusedCharacters && Self.decodedInput ? scan.scalarCount : nil }
        isDecodedInput = Self.setInput(of: parser, to: bytes, decodedScalars: decodedScalars)
    }

    /// Points an initialized parser (UTF-8 set) at `bytes`: already decoded when their
    /// scalar count is given and libyaml takes them so, else through libyaml's reader.
    /// Whether they went in decoded.
    private static func setInput(
        of parser: UnsafeMutablePointer<yaml_parser_t>, to bytes: UnsafeBufferPointer<UInt8>, decodedScalars: Int?
    ) -> Bool {
        let input = bytes.baseAddress ?? UnsafePointer(emptyInput)
        if let decodedScalars, buyflow_yaml_parser_set_decoded_input(parser, input, bytes.count, decodedScalars) != 0 {
            return true
        }
        yaml_parser_set_input_string(parser, input, bytes.count)
        return false
    }

    /// Whether libyaml allocates from our size classes (`CYamlAllocator`): decided once,
    /// before any other parse, by a probe parse whose every allocation, free and realloc
    /// must reach our functions (see the header for why).
    static let allocator: Bool = {
        buyflow_yaml_allocator_begin_probe()
        let text = "probe: a scalar longer than sixteen bytes\nlist: [1, two, {three: 3}]\n"
        _ = text.utf8.withContiguousStorageIfAvailable { eventLoop($0) }
        return buyflow_yaml_allocator_end_probe() != 0
    }()

    /// Whether handing libyaml decoded text gives the events its own reader gives:
    /// decided once, by parsing a probe text both ways (a byte-order mark, characters of
    /// two, three and four bytes, block and flow collections, every scalar style) and
    /// comparing every event's kind, marks and text. A libyaml whose reader works
    /// otherwise than 0.2.5's fails it, and reads every input itself. (After the
    /// allocator's probe, as every parse: no libyaml block may outlive its switch.)
    static let decodedInput: Bool = {
        _ = allocator
        let text = "\u{FEFF}# probe\nkey: välue — ünïcode 𝄞\nlist:\n  - [1, 'two', {three: \"3\"}]\n"
            + "  - |\n    block\n  - >-\n    folded\n    text\n  - &a plain\n  - *a\n...\n"
        return Array(text.utf8).withUnsafeBufferPointer { input in
            guard let scan = try? InputScan(input, path: "probe"), !scan.hasRefusedCharacters else { return false }
            return probeEvents(input, scalarCount: scan.scalarCount) == probeEvents(input, scalarCount: nil)
        }
    }()

    /// Every event of `bytes` as kind, marks and text (`nil` at an error); decoded input
    /// with a scalar count.
    private static func probeEvents(_ bytes: UnsafeBufferPointer<UInt8>, scalarCount: Int?) -> [[Int]]? {
        var events: [[Int]] = []
        let parsed = eachEvent(of: bytes, decodedScalars: scalarCount) { event in
            let e = event.pointee
            var record = [Int(e.type.rawValue), e.start_mark.index, e.start_mark.line, e.start_mark.column,
                          e.end_mark.index, e.end_mark.line, e.end_mark.column]
            if e.type == YAML_SCALAR_EVENT {
                record += UnsafeBufferPointer(start: e.data.scalar.value, count: e.data.scalar.length).map { Int($0) }
            }
            events.append(record)
        }
        return parsed ? events : nil
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
        defer { buyflow_yaml_event_release(event) }
        let start = Self.mark(event.pointee.start_mark)
        let end = Self.mark(event.pointee.end_mark)
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
                text: text,
                style: Self.style(scalar.style),
                tag: Self.string(scalar.tag),
                anchor: Self.string(scalar.anchor),
                start: start,
                end: end
            ))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.pointee.data.sequence_start
            return .sequenceStart(YAMLEvent.CollectionStart(
                tag: Self.string(sequence.tag),
                anchor: Self.string(sequence.anchor),
                isFlow: sequence.style == YAML_FLOW_SEQUENCE_STYLE,
                start: start
            ))
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd(end)
        case YAML_MAPPING_START_EVENT:
            let mapping = event.pointee.data.mapping_start
            return .mappingStart(YAMLEvent.CollectionStart(
                tag: Self.string(mapping.tag),
                anchor: Self.string(mapping.anchor),
                isFlow: mapping.style == YAML_FLOW_MAPPING_STYLE,
                start: start
            ))
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd(end)
        default:
            failed = true
            throw LibYAMLProblem(kind: .parser, problem: "unexpected event from libyaml", context: nil,
                                 problemMark: start, contextMark: nil, offset: 0, value: -1)
        }
    }

    /// Reads the next event and lends it to `body` as plain data (see `RawEvent`); `true`
    /// when it is the stream's end. After a thrown problem the reader must not be used
    /// again.
    mutating func next(_ body: (RawEvent) -> Void) throws(LibYAMLProblem) -> Bool {
        precondition(!failed, "LibYAMLEventReader used after an error")
        guard yaml_parser_parse(parser, event) != 0 else {
            failed = true
            throw problem()
        }
        defer { buyflow_yaml_event_release(event) }
        var raw = RawEvent(kind: .streamStart, start: Self.mark(event.pointee.start_mark), end: Self.mark(event.pointee.end_mark))
        switch event.pointee.type {
        case YAML_STREAM_START_EVENT: raw.kind = .streamStart
        case YAML_STREAM_END_EVENT: raw.kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: raw.kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: raw.kind = .documentEnd
        case YAML_ALIAS_EVENT:
            raw.kind = .alias
            raw.text = Self.bytes(event.pointee.data.alias.anchor) ?? raw.text
        case YAML_SCALAR_EVENT:
            let scalar = event.pointee.data.scalar
            raw.kind = .scalar
            raw.text = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            raw.style = Self.style(scalar.style)
            raw.tag = Self.bytes(scalar.tag)
            raw.anchor = Self.bytes(scalar.anchor)
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.pointee.data.sequence_start
            raw.kind = .sequenceStart
            raw.tag = Self.bytes(sequence.tag)
            raw.anchor = Self.bytes(sequence.anchor)
            raw.isFlow = sequence.style == YAML_FLOW_SEQUENCE_STYLE
        case YAML_SEQUENCE_END_EVENT: raw.kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let mapping = event.pointee.data.mapping_start
            raw.kind = .mappingStart
            raw.tag = Self.bytes(mapping.tag)
            raw.anchor = Self.bytes(mapping.anchor)
            raw.isFlow = mapping.style == YAML_FLOW_MAPPING_STYLE
        case YAML_MAPPING_END_EVENT: raw.kind = .mappingEnd
        default:
            failed = true
            throw LibYAMLProblem(kind: .parser, problem: "unexpected event from libyaml", context: nil,
                                 problemMark: raw.start, contextMark: nil, offset: 0, value: -1)
        }
        body(raw)
        return raw.kind == .streamEnd
    }

    // MARK: - Conversions

    /// A NUL-terminated libyaml string's bytes, in place.
    private static func bytes(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer else { return nil }
        return UnsafeBufferPointer(start: pointer, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)))
    }

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
            problemMark: Self.mark(p.problem_mark),
            contextMark: p.context == nil ? nil : Self.mark(p.context_mark),
            offset: p.problem_offset,
            value: Int(p.problem_value)
        )
    }

    private static func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(index: mark.index, line: mark.line, column: mark.column)
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

extension LibYAMLEventReader {
    /// Runs libyaml's bare event loop (parse and free each event, nothing else) and
    /// returns the number of events, or -1 on a syntax error. For the benchmark.
    static func countEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        _ = allocator
        return eventLoop(bytes)
    }

    /// Blocks libyaml allocated on this thread and has not freed (size classes on): a
    /// parse leaves it as it found it. For tests.
    static var outstandingBlocks: Int { buyflow_yaml_allocator_thread_outstanding() }

    private static func eventLoop(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        return eachEvent(of: bytes, decodedScalars: nil) { _ in count += 1 } ? count : -1
    }

    /// Parses `bytes` from start to end on a parser of its own, lending each event to
    /// `body` before handing it back; `false` at a syntax error, or when decoded input
    /// (`decodedScalars`) was asked for and libyaml did not take it.
    private static func eachEvent(
        of bytes: UnsafeBufferPointer<UInt8>, decodedScalars: Int?, _ body: (UnsafePointer<yaml_event_t>) -> Void
    ) -> Bool {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        guard yaml_parser_initialize(parser) != 0 else { return false }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        guard setInput(of: parser, to: bytes, decodedScalars: decodedScalars) == (decodedScalars != nil) else { return false }
        while true {
            guard yaml_parser_parse(parser, event) != 0 else { return false }
            let done = event.pointee.type == YAML_STREAM_END_EVENT
            body(event)
            buyflow_yaml_event_release(event)
            if done { return true }
        }
    }
}
