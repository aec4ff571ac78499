import BuyflowCore

/// Builds a document's `LocatedValue` straight from parser events, for the common case
/// only: every event outside it throws `Unsupported`, and the caller parses the document
/// again through `TreeBuilder` (`YAMLParser.parseLocated`), which gives the same value
/// or the diagnostics. Outside the common case: a merge key (`<<`), a key that is a
/// collection or an alias, a tagged collection, a scalar root, an unknown or recursive
/// alias, a scalar its tag rejects or an integer overflow, and any limit reached. Keys
/// written twice are kept (`DuplicateKeys.keep`).
struct LocatedBuilder: ~Copyable {
    /// The document needs `TreeBuilder`.
    struct Unsupported: Error {}

    /// A sequence or mapping whose end event has not come yet; its values (a mapping's
    /// keys and values alternating) are on the stack from `first` up. Plain data, so
    /// reading and popping frames touches no reference counts.
    struct Frame {
        var isMapping: Bool
        var start: YAMLNode.Position
        var first: Int
        /// This node plus everything inside it, aliases expanded (as `TreeBuilder` counts).
        var size = 1
        /// The index of its anchor's name in `frameAnchors`, or -1 when it has none.
        var anchor: Int32 = -1
    }

    /// A value with an anchor, and its size with every alias inside it expanded.
    struct Anchored {
        var value: LocatedValue
        var size: Int
    }

    let mapper: LocationMapper
    let limits: YAMLLimits
    private var frames: [Frame] = []
    /// The anchors of the frames that have one, in frame order.
    private var frameAnchors: [String] = []
    private var values = MoveStack<LocatedValue>()
    private var anchors: [String: Anchored] = [:]
    /// Values produced through aliases so far.
    private var expanded = 0

    init(mapper: LocationMapper, limits: YAMLLimits) {
        self.mapper = mapper
        self.limits = limits
    }

    /// Feeds one event of the document's content; returns the root once it is complete.
    mutating func add(_ event: consuming YAMLEvent) throws(Unsupported) -> LocatedValue? {
        switch consume event {
        case .scalar(let scalar):
            if scalar.text.utf8.count > limits.maxScalarLength { throw Unsupported() }
            if expectsKey, scalar.text == "<<" { throw Unsupported() }
            let anchor = scalar.anchor
            return try attach(value(of: scalar), size: 1, anchor: anchor)
        case .alias(let name, let start, let end):
            if expectsKey { throw Unsupported() }
            guard let anchored = anchors[name] else { throw Unsupported() }
            let (sum, overflow) = expanded.addingReportingOverflow(anchored.size)
            if overflow || sum > limits.maxAliasExpansion { throw Unsupported() }
            expanded = sum
            var value = anchored.value
            value.location = location(mapper.position(start))
            value.endLocation = location(mapper.position(end))
            return try attach(value, size: anchored.size, anchor: nil)
        case .sequenceStart(let start):
            try push(start, isMapping: false)
            return nil
        case .mappingStart(let start):
            try push(start, isMapping: true)
            return nil
        case .sequenceEnd(let end):
            let frame = frames.removeLast()
            let value = LocatedValue(.list(values.popItems(from: frame.first)), at: location(frame.start),
                                     end: location(mapper.position(end)))
            return try attach(value, size: frame.size, anchor: frame.anchor < 0 ? nil : frameAnchors.removeLast())
        case .mappingEnd(let end):
            let frame = frames.removeLast()
            let members = values.popPairs(from: frame.first) { key, value in
                LocatedMember(key: key.text ?? "", at: key.location, value: value)
            }
            let value = LocatedValue(.map(members), at: location(frame.start), end: location(mapper.position(end)))
            return try attach(value, size: frame.size, anchor: frame.anchor < 0 ? nil : frameAnchors.removeLast())
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            preconditionFailure("document-level event given to LocatedBuilder.add")
        }
    }

    /// Whether the next node is a mapping's key.
    private var expectsKey: Bool {
        guard let top = frames.last, top.isMapping else { return false }
        return (values.count - top.first) & 1 == 0
    }

    private func value(of event: YAMLEvent.Scalar) throws(Unsupported) -> LocatedValue {
        let resolution: YAMLScalar.Resolution = if let tag = event.tag {
            YAMLScalar.resolve(event.text, tag: tag)
        } else if event.style == .plain {
            YAMLScalar.resolvePlain(event.text)
        } else {
            .resolved(.string)
        }
        guard case .resolved(let resolved) = resolution else { throw Unsupported() }
        let content: LocatedValue.Content = switch resolved {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .string: .string(event.text)
        }
        return LocatedValue(content, at: location(mapper.position(event.start)), end: location(mapper.position(event.end)),
                            style: event.style.located, text: event.text)
    }

    private mutating func push(_ start: consuming YAMLEvent.CollectionStart, isMapping: Bool) throws(Unsupported) {
        if frames.count >= limits.maxDepth || start.tag != nil || expectsKey { throw Unsupported() }
        var frame = Frame(isMapping: isMapping, start: mapper.position(start.start), first: values.count)
        if let anchor = start.anchor {
            frame.anchor = Int32(frameAnchors.count)
            frameAnchors.append(anchor)
        }
        frames.append(frame)
    }

    /// Hands a finished value to its parent (or returns it as the root) and registers its anchor.
    private mutating func attach(_ value: consuming LocatedValue, size: Int, anchor: String?) throws(Unsupported) -> LocatedValue? {
        if let anchor { anchors[anchor] = Anchored(value: copy value, size: size) }
        guard !frames.isEmpty else {
            if value.style != nil { throw Unsupported() }
            return value
        }
        let top = frames.count - 1
        let (sum, overflow) = frames[top].size.addingReportingOverflow(size)
        frames[top].size = overflow ? Int.max : sum
        values.push(value)
        return nil
    }

    private func location(_ position: YAMLNode.Position) -> SourceLocation {
        SourceLocation(path: mapper.sourcePath, line: Int(position.line), column: Int(position.column))
    }
}
