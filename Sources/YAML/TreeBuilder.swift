import BuyflowCore

/// Builds located nodes straight from parser events: resolves scalars, registers
/// anchors and substitutes aliases, applies merge keys, rejects duplicate keys (or keeps
/// them, with `DuplicateKeys.keep`), and enforces `YAMLLimits`. Problems that leave the
/// tree usable (a duplicate key, an unknown alias) are collected and reading goes on;
/// limits stop it (`Fatal`).
struct TreeBuilder: ~Copyable {
    /// A problem after which reading stops.
    struct Fatal: Error {
        var diagnostic: Diagnostic
    }

    /// A node with an anchor and its size counted with every alias inside it expanded.
    struct Anchored {
        var node: YAMLNode
        var size: Int
    }

    let mapper: LocationMapper
    let limits: YAMLLimits
    let duplicateKeys: YAMLParser.DuplicateKeys
    /// The collections being built, innermost last.
    var frames: [Frame] = []
    /// The rarely needed parts of some of those frames, in the same order.
    var extras: [FrameExtras] = []
    /// The nodes of those collections so far.
    var nodes: [YAMLNode] = []
    var anchors: [String: Anchored] = [:]
    /// Nodes produced through aliases so far, in the whole stream.
    var expanded = 0
    private(set) var diagnostics: [Diagnostic] = []

    init(mapper: LocationMapper, limits: YAMLLimits, duplicateKeys: YAMLParser.DuplicateKeys) {
        self.mapper = mapper
        self.limits = limits
        self.duplicateKeys = duplicateKeys
    }

    /// Anchors are scoped to a document.
    mutating func startDocument() {
        anchors.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        extras.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Collected errors beyond this stop reading: a file this broken gains nothing from
    /// more, and a hostile one must not make us spend time on each.
    static let maxDiagnostics = 50

    /// Feeds one event of a document's content; returns the document's root node once
    /// it is complete.
    mutating func add(_ event: consuming YAMLEvent) throws(Fatal) -> YAMLNode? {
        let root = try handle(event)
        if diagnostics.count >= Self.maxDiagnostics {
            throw Fatal(diagnostic: .error(
                "too many errors (\(diagnostics.count)); stopping here", at: diagnostics.last?.location, code: "yaml.too-many-errors"
            ))
        }
        return root
    }

    private mutating func handle(_ event: consuming YAMLEvent) throws(Fatal) -> YAMLNode? {
        switch consume event {
        case .scalar(let scalar):
            if scalar.text.utf8.count > limits.maxScalarLength { throw scalarTooLong(scalar) }
            let anchor = scalar.anchor
            return attach(scalarNode(scalar), size: 1, anchor: anchor)
        case .alias(let name, let start, let end):
            let (node, size) = try alias(name, start: start, end: end)
            return attach(node, size: size, anchor: nil)
        case .sequenceStart(let start):
            try push(start, isMapping: false)
            return nil
        case .mappingStart(let start):
            try push(start, isMapping: true)
            return nil
        case .sequenceEnd(let end):
            let frame = frames.removeLast()
            let extra = frame.extras >= 0 ? extras.removeLast() : nil
            let node = collectionNode(.sequence(popItems(from: frame.first)), frame, extra, end: end)
            return attach(node, size: frame.size, anchor: extra?.anchor)
        case .mappingEnd(let end):
            let frame = frames.removeLast()
            let extra = frame.extras >= 0 ? extras.removeLast() : nil
            var pairs = popPairs(from: frame.first)
            if let merges = extra?.merges, !merges.isEmpty { pairs = Self.applying(merges, to: pairs) }
            let node = collectionNode(.mapping(pairs), frame, extra, end: end)
            return attach(node, size: frame.size, anchor: extra?.anchor)
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            preconditionFailure("document-level event given to TreeBuilder.add")
        }
    }

    // MARK: - Nodes

    private func scalarTooLong(_ event: borrowing YAMLEvent.Scalar) -> Fatal {
        Fatal(diagnostic: .error(
            "scalar of \(event.text.utf8.count) bytes is over the limit of \(limits.maxScalarLength) bytes (YAMLLimits.maxScalarLength)",
            at: mapper.location(event.start), code: "yaml.limit"
        ))
    }

    private mutating func scalarNode(_ event: YAMLEvent.Scalar) -> YAMLNode {
        let start = mapper.position(event.start)
        let resolved = resolve(event, at: start)
        let scalar = YAMLScalar(text: event.text, style: event.style, resolved: resolved)
        return YAMLNode(.scalar(scalar), tag: event.tag, file: mapper.sourcePath, start: start, end: mapper.position(event.end))
    }

    private mutating func resolve(_ event: borrowing YAMLEvent.Scalar, at start: YAMLNode.Position) -> YAMLScalar.Resolved {
        let resolution: YAMLScalar.Resolution
        if let tag = event.tag {
            resolution = YAMLScalar.resolve(event.text, tag: tag)
        } else if event.style == .plain {
            resolution = YAMLScalar.resolvePlain(event.text)
        } else {
            return .string
        }
        switch resolution {
        case .resolved(let resolved):
            return resolved
        case .overflow:
            report(.error(
                "integer \(event.text) does not fit in 64 bits",
                at: location(start), code: "yaml.int-overflow",
                hint: "quote it to keep it as text: \"\(event.text)\""
            ))
        case .invalidForTag:
            let tag = YAMLTag.shorthand(event.tag ?? "")
            report(.error("'\(event.text)' is not a valid \(tag) value", at: location(start), code: "yaml.tag"))
        }
        return .string
    }

    private mutating func collectionNode(
        _ content: consuming YAMLNode.Content, _ frame: Frame, _ extra: FrameExtras?, end: YAMLMark
    ) -> YAMLNode {
        let tag = extra?.tag
        if let tag, tag.hasPrefix(YAMLTag.prefix) {
            let allowed = frame.isMapping ? [YAMLTag.map, YAMLTag.prefix + "set"]
                                          : [YAMLTag.seq, YAMLTag.prefix + "omap", YAMLTag.prefix + "pairs"]
            if !allowed.contains(tag) {
                report(.error(
                    "a \(frame.isMapping ? "mapping" : "sequence") cannot have the tag \(YAMLTag.shorthand(tag))",
                    at: location(frame.start), code: "yaml.tag"
                ))
            }
        }
        return YAMLNode(content, tag: tag, file: mapper.sourcePath, start: frame.start, end: mapper.position(end))
    }

    private mutating func push(_ start: consuming YAMLEvent.CollectionStart, isMapping: Bool) throws(Fatal) {
        if frames.count >= limits.maxDepth {
            throw Fatal(diagnostic: .error(
                "nesting is too deep: more than \(limits.maxDepth) levels of sequences and mappings (YAMLLimits.maxDepth)",
                at: mapper.location(start.start), code: "yaml.limit",
                hint: "a hand-written file never nests this deep; check where this file came from"
            ))
        }
        var frame = Frame(isMapping: isMapping, start: mapper.position(start.start), first: nodes.count)
        if start.tag != nil || start.anchor != nil {
            frame.extras = Int32(extras.count)
            extras.append(FrameExtras(tag: start.tag, anchor: start.anchor))
        }
        frames.append(frame)
    }

    /// The node an alias stands for, placed at the alias, and its size (or a null after
    /// reporting an unknown alias).
    private mutating func alias(_ name: String, start: YAMLMark, end: YAMLMark) throws(Fatal) -> (YAMLNode, Int) {
        let here = mapper.location(start)
        guard let anchored = anchors[name] else {
            if extras.contains(where: { $0.anchor == name }) {
                report(.error(
                    "alias '*\(name)' refers to the node that contains it; recursive aliases are not supported",
                    at: here, code: "yaml.recursive-alias"
                ))
            } else {
                report(.error(
                    "unknown alias '*\(name)': no anchor '&\(name)' is defined before it",
                    at: here, code: "yaml.unknown-alias",
                    suggestion: anchors.count <= 1_000 ? Suggestions.closest(to: name, among: anchors.keys).map { "*" + $0 } : nil,
                    hint: "an alias repeats a node marked earlier in the same document with an anchor, as in 'base: &\(name) …' then '*\(name)'"
                ))
            }
            let null = YAMLNode(.scalar(YAMLScalar(text: "", resolved: .null)), tag: nil, file: mapper.sourcePath,
                                start: mapper.position(start), end: mapper.position(end))
            return (null, 1)
        }
        expanded = Self.add(expanded, anchored.size)
        if expanded > limits.maxAliasExpansion {
            throw Fatal(diagnostic: .error(
                "alias '*\(name)' takes the nodes produced through aliases past the limit of \(limits.maxAliasExpansion) (YAMLLimits.maxAliasExpansion)",
                at: here, code: "yaml.limit",
                notes: [Diagnostic.Note("'&\(name)' stands for \(anchored.size) nodes once its own aliases are expanded", at: anchored.node.location)],
                hint: "anchors whose aliases repeat other aliases multiply (a \"billion laughs\" file); use fewer levels of aliases"
            ))
        }
        return (anchored.node.relocated(start: mapper.position(start), end: mapper.position(end)), anchored.size)
    }

    /// Hands a finished node to its parent frame (or returns it as the root) and
    /// registers its anchor.
    private mutating func attach(_ node: consuming YAMLNode, size: Int, anchor: String?) -> YAMLNode? {
        if let anchor { anchors[anchor] = Anchored(node: copy node, size: size) }
        guard !frames.isEmpty else { return node }
        let top = frames.count - 1
        frames[top].size = Self.add(frames[top].size, size)
        if !frames[top].isMapping {
            nodes.append(node)
        } else if frames[top].pendingIsMerge {
            frames[top].pendingIsMerge = false
            addMerge(node, to: top)
        } else if (nodes.count - frames[top].first) & 1 == 1 {
            // An odd count from the frame's first node: a key is waiting for this value.
            nodes.append(node)
        } else {
            addKey(node, to: top)
        }
        return nil
    }

    /// The nodes from `first` to the top, taken off.
    private mutating func popItems(from first: Int) -> [YAMLNode] {
        defer { nodes.removeSubrange(first...) }
        return Array(nodes[first...])
    }

    /// Alternating keys and values from `first` to the top, taken off as pairs.
    private mutating func popPairs(from first: Int) -> [YAMLPair] {
        defer { nodes.removeSubrange(first...) }
        return stride(from: first, to: nodes.count - 1, by: 2).map { YAMLPair(key: nodes[$0], value: nodes[$0 + 1]) }
    }

    func location(_ position: YAMLNode.Position) -> SourceLocation {
        SourceLocation(path: mapper.sourcePath, line: Int(position.line), column: Int(position.column))
    }

    /// Sizes only grow while they stay under the limit, but a limit near `Int.max` must not trap.
    private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
