/// A compact, deterministic flow-style rendering of the tree, with every string in
/// double quotes: `{"name": "checkout", "retries": 3, "tags": ["a", null, true]}`.
/// Meant for tests and debugging; locations and tags are not shown.
extension YAMLNode: CustomStringConvertible {
    /// The flow-style rendering described above.
    public var description: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch content {
        case .scalar(let scalar):
            switch scalar.resolved {
            case .null: out += "null"
            case .bool(let bool): out += bool ? "true" : "false"
            case .int(let int): out += String(int)
            case .double(let double): out += Self.format(double)
            case .string: Self.quote(scalar.text, into: &out)
            }
        case .sequence(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case .mapping(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += ", " }
                pair.key.write(to: &out)
                out += ": "
                pair.value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func format(_ double: Double) -> String {
        if double.isNaN { return ".nan" }
        if double.isInfinite { return double < 0 ? "-.inf" : ".inf" }
        return String(double)
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
