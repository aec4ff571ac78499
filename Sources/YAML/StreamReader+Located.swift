import BuyflowCore

extension StreamReader {
    /// The single document of `text` as a `LocatedValue`, built by `LocatedBuilder`, with
    /// duplicate keys kept; `nil` when the text needs `TreeBuilder` — anything
    /// `LocatedBuilder` leaves out, and every error, whose diagnostics come from there.
    ///
    /// With a `helper`, a long text is parsed in two parts at once where it can be
    /// (`SplitPoint`, `readSplit`): the same value as parsed whole.
    static func readLocated(_ text: String, path: String, limits: YAMLLimits, helper: YAMLParser.Helper? = nil) -> LocatedValue? {
        var text = text
        guard checkSize(text.utf8.count, path: path, limits: limits) == nil else { return nil }
        return text.withUTF8 { bytes in
            if let helper, bytes.count >= helper.minimumSize, let split = SplitPoint(bytes),
               let value = readSplit(bytes, at: split, path: path, limits: limits, helper: helper) {
                return value
            }
            guard let scan = try? InputScan(bytes, path: path) else { return nil }
            let mapper = LocationMapper(path: path, scan: scan, bytes: bytes)
            guard var reader = try? LibYAMLEventReader(bytes, scan: scan) else { return nil }
            return build(from: &reader, mapper: mapper, limits: limits, inputSize: bytes.count)
        }
    }

    /// The document's value from the reader's events, each built as it is read; `nil`
    /// at an error or anything `LocatedBuilder` leaves to the tree.
    private static func build(
        from reader: inout LibYAMLEventReader, mapper: LocationMapper, limits: YAMLLimits, inputSize: Int
    ) -> LocatedValue? {
        var builder = LocatedBuilder(mapper: mapper, limits: limits, inputSize: inputSize)
        guard case .root(let root) = feed(from: &reader, to: &builder) else { return nil }
        return builder.finish(root)
    }

    /// How feeding a document's events to a builder ended.
    enum Fed {
        case root(LocatedBuilder.Node)
        /// At the end of a first part (`stopAtSplit`): the sequence open at the split and
        /// the mapping holding it wait in the builder, for the split's item.
        case stopped
        case failed
    }

    /// Feeds the single document of the reader's stream to `builder`. With `stopAtSplit`
    /// (the first part of a `SplitPoint`, which ends with the split item's `-`), stops at
    /// that item: the first event at the end of the input, inside a sequence that is the
    /// value of a top-level key.
    static func feed(from reader: inout LibYAMLEventReader, to builder: inout LocatedBuilder, stopAtSplit: Bool = false) -> Fed {
        var root: LocatedBuilder.Node?
        var inDocument = false
        var failed = false
        var stopped = false
        while !failed, !stopped {
            let isEnd: Bool
            do {
                isEnd = try reader.next { event in
                    if inDocument {
                        if stopAtSplit, builder.frames.count == 2, builder.mapper.isAtEnd(event.start) {
                            stopped = true
                            return
                        }
                        do throws(LocatedBuilder.Unsupported) {
                            if let done = try builder.add(event) {
                                root = done
                                inDocument = false
                            }
                        } catch {
                            failed = true
                        }
                        return
                    }
                    switch event.kind {
                    case .streamStart, .documentEnd, .streamEnd:
                        break
                    case .documentStart:
                        // A second document is an error.
                        if root != nil { failed = true }
                        inDocument = true
                    default:
                        failed = true
                    }
                }
            } catch {
                return .failed
            }
            if stopped { return .stopped }
            if isEnd, !failed {
                guard let root, !inDocument, !stopAtSplit else { return .failed }
                return .root(root)
            }
        }
        return .failed
    }
}
