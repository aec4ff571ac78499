import BuyflowCore

/// Collections under construction, duplicate keys and merge keys (`<<`).
extension TreeBuilder {
    /// A sequence or mapping whose end event has not come yet. Its items (or keys and
    /// values, alternating) are on the node stack from `first` up. Plain data, so
    /// pushing and popping frames copies no references.
    struct Frame {
        var isMapping: Bool
        /// The next node is the value of a `<<` key (which is not on the node stack).
        var pendingIsMerge = false
        var start: YAMLNode.Position
        var first: Int
        /// This node plus everything inside it, aliases expanded.
        var size = 1
        /// The index of this frame's `FrameExtras`, or -1 while it needs none.
        var extras: Int32 = -1

        init(isMapping: Bool, start: YAMLNode.Position, first: Int) {
            self.isMapping = isMapping
            self.start = start
            self.first = first
        }
    }

    /// What few frames need: a tag or anchor, merges, a key index. Kept in a stack of
    /// their own, in frame order (a frame gets its extras only while it is innermost).
    struct FrameExtras {
        var tag: String?
        var anchor: String?
        /// Where the first `<<` key is, to report a second one.
        var mergeKey: SourceLocation?
        /// Pair positions by key identity, once the mapping is too large for a linear scan.
        var keyIndex: [KeyIdentity: Int]?
        var merges: [Merge] = []
    }

    /// The extras of the innermost frame, created if it has none yet.
    mutating func extrasIndex(of top: Int) -> Int {
        if frames[top].extras < 0 {
            frames[top].extras = Int32(extras.count)
            extras.append(FrameExtras())
        }
        return Int(frames[top].extras)
    }

    /// The key index of the innermost frame, if it has one.
    private func keyIndex(of top: Int) -> [KeyIdentity: Int]? {
        frames[top].extras < 0 ? nil : extras[Int(frames[top].extras)].keyIndex
    }

    /// The pairs a `<<` brings in, and where among the explicit pairs it was written.
    struct Merge {
        var position: Int
        var pairs: [YAMLPair]
    }

    /// What makes two keys the same key: their resolved value (`1` and `0x1` are the
    /// same, `1` and `"1"` are not); collection keys compare by their rendering.
    enum KeyIdentity: Hashable {
        case null
        case bool(Bool)
        case int(Int)
        case double(UInt64)
        case string(String)
        case complex(String)

        init(_ node: YAMLNode) {
            guard case .scalar(let scalar) = node.content else {
                self = .complex(node.description)
                return
            }
            switch scalar.resolved {
            case .null: self = .null
            case .bool(let bool): self = .bool(bool)
            case .int(let int): self = .int(int)
            case .double(let double): self = .double(double == 0 ? 0 : double.bitPattern)
            case .string: self = .string(scalar.text)
            }
        }
    }

    /// Above this many keys a mapping gets a hash index instead of a linear scan.
    private static let indexThreshold = 12

    /// Pushes a key, after checking it is not a duplicate (unless duplicates are kept);
    /// a `<<` key is remembered instead, for its value to be merged.
    mutating func addKey(_ key: consuming YAMLNode, to top: Int) {
        if Self.isMergeKey(key) {
            frames[top].pendingIsMerge = true
            let extra = extrasIndex(of: top)
            if duplicateKeys == .keep {
                // Every `<<` merges; nothing to check.
            } else if let first = extras[extra].mergeKey {
                report(duplicate(key, firstAt: first, hint: "merge several mappings with one key: '<<: [*first, *second]'"))
            } else {
                extras[extra].mergeKey = key.location
            }
            return
        }
        if duplicateKeys == .keep {
            nodes.append(key)
            return
        }
        let first = frames[top].first
        let pairIndex = (nodes.count - first) / 2
        if let existing = earlierPair(matching: key, in: top) {
            report(duplicate(key, firstAt: nodes[first + 2 * existing].location, hint: nil))
        } else if keyIndex(of: top) != nil {
            extras[Int(frames[top].extras)].keyIndex![KeyIdentity(copy key)] = pairIndex
        } else if pairIndex >= Self.indexThreshold {
            var index: [KeyIdentity: Int] = [:]
            index.reserveCapacity(pairIndex * 2)
            for offset in 0..<pairIndex {
                let identity = KeyIdentity(nodes[first + 2 * offset])
                if index[identity] == nil { index[identity] = offset }
            }
            index[KeyIdentity(copy key)] = pairIndex
            extras[extrasIndex(of: top)].keyIndex = index
        }
        nodes.append(key)
    }

    /// The pair position of an earlier key of the mapping equal to `key`.
    private func earlierPair(matching key: borrowing YAMLNode, in top: Int) -> Int? {
        if let index = keyIndex(of: top) { return index[KeyIdentity(copy key)] }
        let first = frames[top].first
        let pairCount = (nodes.count - first) / 2
        if case .scalar(let scalar) = key.content, scalar.resolved == .string {
            // The common case, without building identities.
            for offset in 0..<pairCount {
                if case .scalar(let other) = nodes[first + 2 * offset].content, other.resolved == .string,
                   other.text == scalar.text {
                    return offset
                }
            }
            return nil
        }
        let identity = KeyIdentity(copy key)
        for offset in 0..<pairCount where KeyIdentity(nodes[first + 2 * offset]) == identity {
            return offset
        }
        return nil
    }

    private func duplicate(_ key: borrowing YAMLNode, firstAt first: SourceLocation, hint: String?) -> Diagnostic {
        .error(
            "duplicate key '\(key.text ?? key.description)'", at: key.location, code: "yaml.duplicate-key",
            notes: [Diagnostic.Note("first defined here", at: first)], hint: hint
        )
    }

    private static func isMergeKey(_ key: borrowing YAMLNode) -> Bool {
        guard case .scalar(let scalar) = key.content, scalar.text == "<<" else { return false }
        return key.tag == YAMLTag.merge || (key.tag == nil && scalar.style == .plain)
    }

    /// Records the value of a `<<` key: a mapping, or a sequence of mappings.
    mutating func addMerge(_ value: consuming YAMLNode, to top: Int) {
        let position = (nodes.count - frames[top].first) / 2
        switch value.content {
        case .mapping(let pairs):
            extras[extrasIndex(of: top)].merges.append(Merge(position: position, pairs: pairs))
        case .sequence(let items):
            var pairs: [YAMLPair] = []
            for item in items {
                guard case .mapping(let itemPairs) = item.content else {
                    report(.error(
                        "each item merged with '<<' must be a mapping, found \(item.kindDescription)",
                        at: item.location, code: "yaml.merge"
                    ))
                    continue
                }
                pairs += itemPairs
            }
            extras[extrasIndex(of: top)].merges.append(Merge(position: position, pairs: pairs))
        case .scalar:
            report(.error(
                "the merge key '<<' takes a mapping or a list of mappings, found \(value.kindDescription)",
                at: value.location, code: "yaml.merge",
                hint: "merge an anchored mapping: '<<: *defaults'"
            ))
        }
    }

    /// The pairs with merged ones applied: each merge's pairs go where its `<<` was
    /// written, skipping keys written explicitly and keys an earlier merge gave.
    static func applying(_ merges: [Merge], to pairs: [YAMLPair]) -> [YAMLPair] {
        let total = pairs.count + merges.reduce(0) { $0 + $1.pairs.count }
        var result: [YAMLPair] = []
        result.reserveCapacity(total)
        // Small merges (the usual case) compare keys directly; large ones hash them.
        var seen: Set<KeyIdentity>? = total > 32 ? Set(pairs.map { KeyIdentity($0.key) }) : nil
        var next = 0
        for index in 0...pairs.count {
            while next < merges.count, merges[next].position == index {
                for pair in merges[next].pairs {
                    let isNew = if seen != nil {
                        seen!.insert(KeyIdentity(pair.key)).inserted
                    } else {
                        // `result` holds the merged pairs so far; `pairs`, every explicit one.
                        !contains(pair.key, in: pairs) && !contains(pair.key, in: result)
                    }
                    if isNew { result.append(pair) }
                }
                next += 1
            }
            if index < pairs.count { result.append(pairs[index]) }
        }
        return result
    }

    /// Whether `pairs` has a key equal to `key`, by a linear scan.
    private static func contains(_ key: YAMLNode, in pairs: [YAMLPair]) -> Bool {
        if case .scalar(let scalar) = key.content, scalar.resolved == .string {
            return pairs.contains { pair in
                if case .scalar(let other) = pair.key.content, other.resolved == .string { return other.text == scalar.text }
                return false
            }
        }
        let identity = KeyIdentity(key)
        return pairs.contains { KeyIdentity($0.key) == identity }
    }
}
