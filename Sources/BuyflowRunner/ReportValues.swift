import BuyflowCore

/// Shortening values and text for reports.
enum ReportValues {
    /// The most of an `actual` value an assertion shows, as JSON text.
    static let actualLimit = 1024

    /// The value itself when its JSON is short, else the start of its JSON text, marked.
    static func truncated(_ value: JSONValue, limit: Int = actualLimit) -> JSONValue {
        switch value {
        case .null, .bool, .int, .double: return value
        case .string(let text) where text.utf8.count <= limit: return value
        default: break
        }
        let text = value.stringValue ?? JSONSerializer().string(value)
        guard text.utf8.count > limit else { return value }
        return .string(prefix(text, bytes: limit) + "… (\(text.utf8.count) bytes)")
    }

    /// At most `bytes` UTF-8 bytes of `text`, cut at a character boundary.
    static func prefix(_ text: String, bytes: Int) -> String {
        let utf8 = Array(text.utf8)
        guard utf8.count > bytes else { return text }
        var end = bytes
        while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// Compact JSON, for messages.
    static func text(_ value: JSONValue, limit: Int = 200) -> String {
        let text = JSONSerializer().string(value)
        return text.utf8.count > limit ? prefix(text, bytes: limit) + "…" : text
    }

    /// `250ms`, `1.5s`.
    static func duration(_ duration: Duration) -> String { DurationText.format(duration) }

    /// Milliseconds as a JSON number (`duration` in expressions).
    static func milliseconds(_ duration: Duration) -> JSONValue {
        let (seconds, attoseconds) = duration.components
        return .double(Double(seconds) * 1000 + Double(attoseconds / 1_000_000_000) / 1_000_000)
    }
}
