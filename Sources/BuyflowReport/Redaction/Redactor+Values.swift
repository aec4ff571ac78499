import BuyflowCore

/// Redacting the values a report holds: strings, numbers (a number whose text is or holds
/// a secret becomes the string `[redacted]`), and JSON with its member names.
extension Redactor {
    func callAsFunction(_ text: String?) -> String? { text.map { self($0) } }

    /// Every string and number in the value, member names included.
    public func callAsFunction(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(self(text))
        case .array(let items): return .array(items.map { self($0) })
        case .object(let object): return .object(self(object))
        case .int, .double:
            let text = JSONSerializer().string(value)
            return self(text) == text ? value : .string(Self.replacement)
        case .null, .bool: return value
        }
    }

    func callAsFunction(_ value: JSONValue?) -> JSONValue? { value.map { self($0) } }

    func callAsFunction(_ object: JSONObject) -> JSONObject {
        JSONObject(object.map { (self($0.key), self($0.value)) })
    }

    func callAsFunction(_ location: SourceLocation?) -> SourceLocation? {
        location.map { SourceLocation(file: self($0.file), line: $0.line, column: $0.column) }
    }

    /// The texts a secret value stands for: a string itself, a number's JSON text, and the
    /// leaves of a list or object (and its JSON text). Booleans and null are no secret.
    public static func secretTexts(of value: JSONValue) -> [String] {
        switch value {
        case .null, .bool: []
        case .string(let text): [text]
        case .int, .double: [JSONSerializer().string(value)]
        case .array(let items): [JSONSerializer().string(value)] + items.flatMap(secretTexts)
        case .object(let object): [JSONSerializer().string(value)] + object.map(\.value).flatMap(secretTexts)
        }
    }
}
