/// Typed access without diagnostics; `DocumentReader` turns a mismatch into one.
extension LocatedValue {
    public var isNull: Bool { if case .null = content { true } else { false } }
    public var string: String? { if case .string(let value) = content { value } else { nil } }
    public var int: Int? { if case .int(let value) = content { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = content { value } else { nil } }
    /// A number of either kind, as a `Double`.
    public var double: Double? {
        switch content {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
    public var list: [LocatedValue]? { if case .list(let items) = content { items } else { nil } }
    public var members: [LocatedMember]? { if case .map(let members) = content { members } else { nil } }
    public var isScalar: Bool { style != nil || text != nil || isNull }

    /// The first member under `key`, or `nil` (also for non-mappings).
    public subscript(key: String) -> LocatedValue? { member(key)?.value }

    /// The first member under `key`, with its key's location.
    public func member(_ key: String) -> LocatedMember? {
        guard case .map(let members) = content else { return nil }
        return members.first { $0.key == key }
    }

    /// The value without locations: YAML and JSON types kept (a number stays a number).
    public var json: JSONValue {
        switch content {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .list(let items): .array(items.map(\.json))
        case .map(let members): .object(JSONObject(members.map { ($0.key, $0.value.json) }))
        }
    }

    /// The kind of value, for messages: "a mapping", "a string", "an integer", "a number",
    /// "a boolean", "a list", "null", "no value" (an empty YAML value).
    public var kindDescription: String {
        switch content {
        case .null: (text ?? "").isEmpty && style == .plain ? "no value" : "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .list: "a list"
        case .map: "a mapping"
        }
    }

    /// The kind with a short quote of a scalar: `a string ("Hello there")`, `an integer (42)`.
    public var quotedDescription: String {
        switch content {
        case .string(let value) where !value.isEmpty:
            let firstLine = value.prefix { $0 != "\n" }
            let cut = firstLine.count > 30 || firstLine.endIndex != value.endIndex
            return "\(kindDescription) (\"\(firstLine.prefix(30))\(cut ? "…" : "")\")"
        case .int, .double, .bool: return "\(kindDescription) (\(text ?? "\(json)"))"
        default: return kindDescription
        }
    }
}
