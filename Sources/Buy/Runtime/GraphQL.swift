/// The runtime that generated Storefront code builds on, as in the Mobile Buy SDK:
/// query builders (`GraphQL.AbstractQuery`), response models (`GraphQL.AbstractResponse`),
/// IDs, argument values and input objects.
public enum GraphQL {
    /// `query` or `mutation`.
    public enum OperationType: String, Sendable, Hashable {
        case query
        case mutation
    }

    /// `input` as a GraphQL string literal, quoted and escaped (`"a\"b\n"`).
    public static func quoteString(input: String) -> String {
        var escaped = "\""
        escaped.reserveCapacity(input.utf8.count + 2)
        for scalar in input.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{08}": escaped += "\\b"
            case "\u{0C}": escaped += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        escaped += "\""
        return escaped
    }
}
