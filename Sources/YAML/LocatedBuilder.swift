import BuyflowCore

/// Builds a document's `LocatedValue` straight from parser events (as plain data,
/// `RawEvent`s), for the common case only: every event outside it throws
/// `Unsupported`, and the caller parses the document again through `TreeBuilder`
/// (`YAMLParser.parseLocated`), which gives the same value or the diagnostics. Outside
/// the common case: a merge key (`<<`), a key that is a collection or an alias, a tagged
/// collection, a scalar root, an unknown or recursive alias, a scalar its tag rejects
/// or an integer overflow, and any limit reached. Keys written twice are kept
/// (`DuplicateKeys.keep`).
///
/// Values go into one `LocatedDocumentBuilder`: a scalar's text is copied once, from
/// libyaml's event into the document, and no Swift string is made for it.
struct LocatedBuilder: ~Copyable {
    /// The document needs `TreeBuilder`.
    struct Unsupported: Error {}

    typealias Node = LocatedDocumentBuilder.Node

    /// A sequence or mapping whose end event has not come yet; its values (a mapping's
    /// keys and values alternating) wait in the document builder from `first` up.
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
        var node: Node
        var size: Int
    }

    let mapper: LocationMapper
    let limits: YAMLLimits
    var document: LocatedDocumentBuilder
    var frames: [Frame] = []
    /// The anchors of the frames that have one, in frame order.
    private var frameAnchors: [String] = []
    private var anchors: [String: Anchored] = [:]
    /// Values produced through aliases so far.
    var expanded = 0

    init(mapper: LocationMapper, limits: YAMLLimits, inputSize: Int) {
        self.mapper = mapper
        self.limits = limits
        // About one node per 16 bytes of YAML (workflows run 15-18); the text kept never
        // exceeds the input's (unquoting, unescaping and folding only shrink it), so it
        // is never copied to grow.
        document = LocatedDocumentBuilder(reservingNodes: inputSize / 12, bytes: inputSize)
    }

    /// The document with `root` as its value.
    consuming func finish(_ root: Node) -> LocatedValue {
        document.finish(root)
    }

    /// Feeds one event of the document's content (not a stream or document event);
    /// returns the root once it is complete.
    mutating func add(_ event: RawEvent) throws(Unsupported) -> Node? {
        switch event.kind {
        case .scalar:
            let text = event.text
            if text.count > limits.maxScalarLength { throw Unsupported() }
            if expectsKey, text.count == 2, text[0] == UInt8(ascii: "<"), text[1] == UInt8(ascii: "<") { throw Unsupported() }
            let node = try scalar(event, text: text, tag: RawEvent.string(event.tag))
            return try attach(node, size: 1, anchor: RawEvent.string(event.anchor), isScalar: true)
        case .alias:
            if expectsKey { throw Unsupported() }
            guard let anchored = anchors[String(decoding: event.text, as: UTF8.self)] else { throw Unsupported() }
            let (sum, overflow) = expanded.addingReportingOverflow(anchored.size)
            if overflow || sum > limits.maxAliasExpansion { throw Unsupported() }
            expanded = sum
            let node = document.copy(anchored.node, at: location(mapper.position(event.start)), end: location(mapper.position(event.end)))
            return try attach(node, size: anchored.size, anchor: nil, isScalar: false)
        case .sequenceStart, .mappingStart:
            if frames.count >= limits.maxDepth || event.tag != nil || expectsKey { throw Unsupported() }
            var frame = Frame(isMapping: event.kind == .mappingStart, start: mapper.position(event.start), first: document.pendingCount)
            if let anchor = RawEvent.string(event.anchor) {
                frame.anchor = Int32(frameAnchors.count)
                frameAnchors.append(anchor)
            }
            frames.append(frame)
            return nil
        case .sequenceEnd, .mappingEnd:
            let frame = frames.removeLast()
            let start = location(frame.start)
            let end = location(mapper.position(event.end))
            let node = frame.isMapping
                ? document.map(from: frame.first, at: start, end: end) : document.list(from: frame.first, at: start, end: end)
            return try attach(node, size: frame.size, anchor: frame.anchor < 0 ? nil : frameAnchors.removeLast(), isScalar: false)
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            preconditionFailure("document-level event given to LocatedBuilder.add")
        }
    }

    /// Whether the next node is a mapping's key.
    private var expectsKey: Bool {
        guard let top = frames.last, top.isMapping else { return false }
        return (document.pendingCount - top.first) & 1 == 0
    }

    private mutating func scalar(_ event: RawEvent, text: UnsafeBufferPointer<UInt8>, tag: String?) throws(Unsupported) -> Node {
        let resolution: YAMLScalar.Resolution = if let tag {
            YAMLScalar.resolve(String(decoding: text, as: UTF8.self), tag: tag)
        } else if event.style == .plain {
            YAMLScalar.resolvePlain(text)
        } else {
            .resolved(.string)
        }
        guard case .resolved(let resolved) = resolution else { throw Unsupported() }
        return document.scalar(resolved.located, text: text, style: event.style.located,
                               at: location(mapper.position(event.start)), end: location(mapper.position(event.end)))
    }

    /// Hands a finished value to its parent (or returns it as the root) and registers its anchor.
    private mutating func attach(_ node: Node, size: Int, anchor: String?, isScalar: Bool) throws(Unsupported) -> Node? {
        if let anchor { anchors[anchor] = Anchored(node: node, size: size) }
        guard !frames.isEmpty else {
            if isScalar { throw Unsupported() }
            return node
        }
        let top = frames.count - 1
        let (sum, overflow) = frames[top].size.addingReportingOverflow(size)
        frames[top].size = overflow ? Int.max : sum
        document.push(node)
        return nil
    }

    func location(_ position: YAMLNode.Position) -> SourceLocation {
        SourceLocation(path: mapper.sourcePath, line: Int(position.line), column: Int(position.column))
    }
}
