import BuyflowCore

/// JSON values as YAML flow text on one line, readable by YAML 1.1 and 1.2 parsers
/// (PyYAML, js-yaml): strings double-quoted with escapes, `": "` and `", "` separators.
enum YAMLFlow {
    static func write(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double: value.description
        case .string(let text): quote(text)
        case .array(let items): "[" + items.map(write).joined(separator: ", ") + "]"
        case .object(let object): "{" + object.map { quote($0.key) + ": " + write($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// A double-quoted scalar: `\\`, `\"`, `\n`, `\t`, other control characters and
    /// non-characters as `\xNN`/`\uNNNN`.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0xFEFF
                    || value == 0xFFFE || value == 0xFFFF || value == 0x2028 || value == 0x2029 {
                    let hex = String(value, radix: 16, uppercase: true)
                    out += value <= 0xFF
                        ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                        : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
