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
                    return build(mapper: mapper, limits: limits) { events.next() }
                }
            }
            guard let scan = try? InputScan(bytes, path: path) else { return nil }
            let mapper = LocationMapper(path: path, scan: scan, bytes: bytes)
            guard var reader = try? LibYAMLEventReader(bytes) else { return nil }
            return build(mapper: mapper, limits: limits) { try? reader.next() }
        }
    }

    /// The input, handed to the building thread: `EventPipeline.build` returns only once
    /// that thread is done with it.
    private struct Input: @unchecked Sendable {
        var bytes: UnsafeBufferPointer<UInt8>
    }

    /// The document's value from its events (`nil` ends them early: an error).
    private static func build(mapper: LocationMapper, limits: YAMLLimits, next: () -> YAMLEvent?) -> LocatedValue? {
        var builder = LocatedBuilder(mapper: mapper, limits: limits)
        var root: LocatedValue?
        while true {
            guard let event = next() else { return nil }
            switch event {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                return root
            case .documentStart:
                // A second document is an error.
                if root != nil { return nil }
                while root == nil {
                    guard let content = next() else { return nil }
                    do throws(LocatedBuilder.Unsupported) {
                        root = try builder.add(content)
                    } catch {
                        return nil
                    }
                }
            default:
                return nil
            }
        }
    }
}
