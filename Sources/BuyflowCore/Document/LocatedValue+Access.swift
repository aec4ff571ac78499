/// Typed access without diagnostics; `DocumentReader` turns a mismatch into one.
extension LocatedValue {
    @inlinable
    public var isNull: Bool { node.kind == .null }
    @inlinable
    public var string: String? { node.kind == .string ? document.string(of: index) : nil }
    @inlinable
    public var int: Int? {
        let node = node
        return node.kind == .int ? Int(Int64(bitPattern: node.number)) : nil
    }
    @inlinable
    public var bool: Bool? {
        let node = node
        return node.kind == .bool ? node.number != 0 : nil
    }
    /// A number of either kind, as a `Double`.
    @inlinable
    public var double: Double? {
        let node = node
        switch node.kind {
        case .int: return Double(Int64(bitPattern: node.number))
        case .double: return Double(bitPattern: node.number)
        default: return nil
        }
    }
    @inlinable
    public var list: LocatedList? {
        let node = node
        return node.kind == .list ? LocatedList(document, start: node.start, count: Int(node.count)) : nil
    }
    @inlinable
    public var members: LocatedMembers? {
        let node = node
        return node.kind == .map ? LocatedMembers(document, start: node.start, count: Int(node.count)) : nil
    }
    /// Whether it is a scalar (not a list or mapping).
    @inlinable
    public var isScalar: Bool {
        let kind = node.kind
        return kind != .list && kind != .map
    }
    /// Calls `body` with a string's UTF-8 bytes where the document keeps them, without
    /// making a `String`; `nil` (and `body` is not called) for any other value.
    @inlinable
    public func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard node.kind == .string else { return nil }
        return try body(document.text(of: index))
    }

    /// Whether it is a string: `string != nil`, without making the string.
    @inlinable
    public var isString: Bool { node.kind == .string }

    /// The first member under `key`, or `nil` (also for non-mappings).
    @inlinable
    public subscript(key: String) -> LocatedValue? { member(key)?.value }

    /// The first member under `key`, with its key's location.
    @inlinable
    public func member(_ key: String) -> LocatedMember? {
        guard let members else { return nil }
        return members.firstIndex(of: key).map { members[$0] }
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
