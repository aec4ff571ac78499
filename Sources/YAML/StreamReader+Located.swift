import BuyflowCore

extension StreamReader {
    /// The single document of `text` as a `LocatedValue`, built by `LocatedBuilder`, with
    /// duplicate keys kept; `nil` when the text needs `TreeBuilder` — anything
    /// `LocatedBuilder` leaves out, and every error, whose diagnostics come from there.
    static func readLocated(_ text: String, path: String, limits: YAMLLimits) -> LocatedValue? {
        var text = text
        guard checkSize(text.utf8.count, path: path, limits: limits) == nil else { return nil }
        return text.withUTF8 { bytes in readLocated(bytes, path: path, limits: limits) }
    }

    private static func readLocated(_ bytes: UnsafeBufferPointer<UInt8>, path: String, limits: YAMLLimits) -> LocatedValue? {
        guard let scan = try? InputScan(bytes, path: path) else { return nil }
        let mapper = LocationMapper(path: path, scan: scan, bytes: bytes)
        var builder = LocatedBuilder(mapper: mapper, limits: limits)
        guard var reader = try? LibYAMLEventReader(bytes) else { return nil }
        var root: LocatedValue?
        while true {
            let event: YAMLEvent
            do throws(LibYAMLProblem) {
                event = try reader.next()
            } catch {
                return nil
            }
            switch event {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                return root
            case .documentStart:
                // A second document is an error.
                if root != nil { return nil }
                while root == nil {
                    guard let content = try? reader.next() else { return nil }
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
