import BuyflowCore

extension StreamReader {
    /// The single document of `text` as a `LocatedValue`, built by `LocatedBuilder`, with
    /// duplicate keys kept; `nil` when the text needs `TreeBuilder` — anything
    /// `LocatedBuilder` leaves out, and every error, whose diagnostics come from there.
    static func readLocated(_ text: String, path: String, limits: YAMLLimits) -> LocatedValue? {
        var text = text
        guard checkSize(text.utf8.count, path: path, limits: limits) == nil else { return nil }
        return text.withUTF8 { bytes in
            guard let scan = try? InputScan(bytes, path: path) else { return nil }
            let mapper = LocationMapper(path: path, scan: scan, bytes: bytes)
            guard var reader = try? LibYAMLEventReader(bytes) else { return nil }
            return build(from: &reader, mapper: mapper, limits: limits, inputSize: bytes.count)
        }
    }

    /// The document's value from the reader's events, each built as it is read; `nil`
    /// at an error or anything `LocatedBuilder` leaves to the tree.
    private static func build(
        from reader: inout LibYAMLEventReader, mapper: LocationMapper, limits: YAMLLimits, inputSize: Int
    ) -> LocatedValue? {
        var builder = LocatedBuilder(mapper: mapper, limits: limits, inputSize: inputSize)
        var root: LocatedBuilder.Node?
        var inDocument = false
        var failed = false
        while !failed {
            let isEnd: Bool
            do {
                isEnd = try reader.next { event in
                    if inDocument {
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
                return nil
            }
            if isEnd, !failed {
                guard let root, !inDocument else { return nil }
                return builder.finish(root)
            }
        }
        return nil
    }
}
