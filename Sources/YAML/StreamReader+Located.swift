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
            var done = false
            return build(mapper: mapper, limits: limits, inputSize: bytes.count) { batch in
                batch.removeAll()
                while !done, batch.count < batchSize {
                    guard let isEnd = try? reader.next(into: &batch), !isEnd else {
                        done = true
                        break
                    }
                }
            }
        }
    }

    /// Events read at a time: enough that the loop over a batch runs long.
    static let batchSize = 512

    /// The document's value from its events, which `fill` puts in a batch (emptied
    /// first); a batch left empty ends them (an early end is an error).
    private static func build(
        mapper: LocationMapper, limits: YAMLLimits, inputSize: Int, fill: (inout RawEventBatch) -> Void
    ) -> LocatedValue? {
        var builder = LocatedBuilder(mapper: mapper, limits: limits, inputSize: inputSize)
        var batch = RawEventBatch()
        var position = 0
        var root: LocatedBuilder.Node?
        var inDocument = false
        while true {
            if position == batch.count {
                fill(&batch)
                position = 0
                if batch.count == 0 { return nil }
            }
            let event = batch.events[position]
            position += 1
            if inDocument {
                do throws(LocatedBuilder.Unsupported) {
                    if let done = try builder.add(event, of: batch) {
                        root = done
                        inDocument = false
                    }
                } catch {
                    return nil
                }
                continue
            }
            switch event.kind {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                guard let root else { return nil }
                return builder.finish(root)
            case .documentStart:
                // A second document is an error.
                if root != nil { return nil }
                inDocument = true
            default:
                return nil
            }
        }
    }
}
