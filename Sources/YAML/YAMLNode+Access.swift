/// Typed access. Each accessor returns `nil` when the node is of another kind; use the
/// `expect…` methods (YAMLNode+Expect.swift) to turn that into a located error.
extension YAMLNode {
    /// The resolved value.
    public var value: YAMLValue {
        switch content {
        case .scalar(let scalar):
            switch scalar.resolved {
            case .null: .null
            case .bool(let bool): .bool(bool)
            case .int(let int): .int(int)
            case .double(let double): .double(double)
            case .string: .string(scalar.text)
            }
        case .sequence(let items): .sequence(items)
        case .mapping(let pairs): .mapping(pairs)
        }
    }

    /// The scalar (text, style, resolved value), or `nil` for a collection.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The text of any scalar as written (`1.50` stays "1.50"); `nil` for collections.
    public var text: String? { scalar?.text }

    /// The string of a scalar that resolves to a string (not of `42` or `true`).
    public var string: String? {
        guard case .scalar(let scalar) = content, scalar.resolved == .string else { return nil }
        return scalar.text
    }

    /// An integer (`42`, `0x2A`, `0o52`), not a float or a quoted number.
    public var int: Int? {
        guard case .scalar(let scalar) = content, case .int(let int) = scalar.resolved else { return nil }
        return int
    }

    /// A float, or an integer as a float.
    public var double: Double? {
        guard case .scalar(let scalar) = content else { return nil }
        switch scalar.resolved {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: return nil
        }
    }

    /// `true`/`false` in any of the core schema's casings.
    public var bool: Bool? {
        guard case .scalar(let scalar) = content, case .bool(let bool) = scalar.resolved else { return nil }
        return bool
    }

    /// `true` for `~`, `null` and an empty value.
    public var isNull: Bool {
        guard case .scalar(let scalar) = content else { return false }
        return scalar.resolved == .null
    }

    /// The items of a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs of a mapping, in order, merge keys applied.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value under a scalar key written as `key` (compared by text), or `nil` when
    /// this is not a mapping or has no such key.
    public subscript(key: String) -> YAMLNode? {
        pair(forKey: key)?.value
    }

    /// The pair under a scalar key written as `key`: its key node locates the key itself.
    public func pair(forKey key: String) -> YAMLPair? {
        guard case .mapping(let pairs) = content else { return nil }
        for pair in pairs {
            if case .scalar(let scalar) = pair.key.content, scalar.text == key { return pair }
        }
        return nil
    }

    /// The item at `index` of a sequence, or `nil` when out of range or not a sequence.
    public subscript(index: Int) -> YAMLNode? {
        guard case .sequence(let items) = content, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The kind of value, for messages: "a mapping", "a string", "an integer", "null",
    /// "no value" (an empty value, as in `key:` with nothing after it).
    public var kindDescription: String {
        switch content {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            switch scalar.resolved {
            case .null: return scalar.text.isEmpty && tag == nil ? "no value" : "null"
            case .bool: return "a boolean"
            case .int: return "an integer"
            case .double: return "a number"
            case .string: return "a string"
            }
        }
    }
}
