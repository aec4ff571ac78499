import BuyflowCore

extension StreamReader {
    /// Inputs from this size on have their events read by an `EventPipeline` (on a
    /// second thread) while values are built; smaller ones cost less than a thread.
    static let pipelineThreshold = 64 * 1024

    /// How `readLocated` reads events.
    enum EventSource {
        /// A pipeline on the thread given from `pipelineThreshold` bytes on, else this thread.
        case automatic(YAMLParser.EventThread)
        case thisThread
        case pipeline(YAMLParser.EventThread)

        static let automatic = EventSource.automatic(YAMLParser.newThread)
        static let pipeline = EventSource.pipeline(YAMLParser.newThread)
    }

    /// The single document of `text` as a `LocatedValue`, built by `LocatedBuilder`, with
    /// duplicate keys kept; `nil` when the text needs `TreeBuilder` — anything
    /// `LocatedBuilder` leaves out, and every error, whose diagnostics come from there.
    static func readLocated(_ text: String, path: String, limits: YAMLLimits, events: EventSource = .automatic) -> LocatedValue? {
        var text = text
        guard checkSize(text.utf8.count, path: path, limits: limits) == nil else { return nil }
        return text.withUTF8 { bytes in
            let thread: YAMLParser.EventThread? = switch events {
            case .automatic(let thread): bytes.count >= pipelineThreshold ? thread : nil
            case .thisThread: nil
            case .pipeline(let thread): thread
            }
            if let thread {
                // This thread runs libyaml; the other checks the input and builds.
                let input = Input(bytes: bytes)
                return EventPipeline.build(bytes, on: thread) { events in
                    guard let scan = try? InputScan(input.bytes, path: path) else { return nil }
                    let mapper = LocationMapper(path: path, scan: scan, bytes: input.bytes)
                    return build(mapper: mapper, limits: limits, inputSize: input.bytes.count) { events.fill(&$0) }
                }
            }
            guard let scan = try? InputScan(bytes, path: path) else { return nil }
            let mapper = LocationMapper(path: path, scan: scan, bytes: bytes)
            guard var reader = try? LibYAMLEventReader(bytes) else { return nil }
            var done = false
            return build(mapper: mapper, limits: limits, inputSize: bytes.count) { batch in
                batch.removeAll()
                while !done, batch.count < EventPipeline.batchSize {
                    guard let isEnd = try? reader.next(into: &batch), !isEnd else {
                        done = true
                        break
                    }
                }
            }
        }
    }

    /// The input, handed to the building thread: `EventPipeline.build` returns only once
    /// that thread is done with it.
    private struct Input: @unchecked Sendable {
        var bytes: UnsafeBufferPointer<UInt8>
    }

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
