import BuyflowCore

/// The core schema's reading of one plain scalar, for values typed on a command line
/// (`--var qty=2` is the integer 2) or in a CSV cell.
extension YAMLScalar {
    /// `text` resolved as a plain YAML scalar: null, a boolean, an integer, a float or a
    /// string (an integer too large for `Int` stays a string).
    public static func plain(_ text: String) -> YAMLScalar {
        let resolved: Resolved = switch resolvePlain(text) {
        case .resolved(let value): value
        case .overflow, .invalidForTag: .string
        }
        return YAMLScalar(text: text, style: .plain, resolved: resolved)
    }

    /// The scalar's value as JSON.
    public var jsonValue: JSONValue {
        switch resolved {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string: .string(text)
        }
    }
}
