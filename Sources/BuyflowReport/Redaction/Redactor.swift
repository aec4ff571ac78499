import BuyflowCore

/// Replaces every occurrence of each secret with `[redacted]`, in one pass over the UTF-8
/// bytes: at each position the longest secret that matches wins, and a replacement is
/// never scanned again (a secret that is part of `[redacted]` does not redact it twice).
/// Empty secrets are ignored.
public struct Redactor: Sendable {
    public static let replacement = "[redacted]"

    private let secrets: [[UInt8]]

    public init(secrets: [String]) {
        self.secrets = Set(secrets.filter { !$0.isEmpty }).map { Array($0.utf8) }.sorted { $0.count > $1.count }
    }

    public var isEmpty: Bool { secrets.isEmpty }

    public func callAsFunction(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var changed = false
        var index = 0
        scan: while index < bytes.count {
            for secret in secrets where secret[0] == bytes[index] && index + secret.count <= bytes.count {
                if bytes[index..<index + secret.count].elementsEqual(secret) {
                    if !changed {
                        out.reserveCapacity(bytes.count)
                        out.append(contentsOf: bytes[0..<index])
                        changed = true
                    }
                    out.append(contentsOf: Self.replacement.utf8)
                    index += secret.count
                    continue scan
                }
            }
            if changed { out.append(bytes[index]) }
            index += 1
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    func callAsFunction(_ text: String?) -> String? { text.map { self($0) } }

    /// Every string in the value, member names included.
    func callAsFunction(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(self(text))
        case .array(let items): .array(items.map { self($0) })
        case .object(let object): .object(self(object))
        case .null, .bool, .int, .double: value
        }
    }

    func callAsFunction(_ value: JSONValue?) -> JSONValue? { value.map { self($0) } }

    func callAsFunction(_ object: JSONObject) -> JSONObject {
        JSONObject(object.map { (self($0.key), self($0.value)) })
    }

    func callAsFunction(_ location: SourceLocation?) -> SourceLocation? {
        location.map { SourceLocation(file: self($0.file), line: $0.line, column: $0.column) }
    }
}
