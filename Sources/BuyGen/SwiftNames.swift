/// Swift identifiers for GraphQL names: keywords escaped, enum values camel-cased,
/// members that would clash with the runtime's renamed.
public enum SwiftNames {
    /// Words that must be written in backticks to be used as a name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_", "Type", "Protocol", "some", "any",
    ]

    /// Members of `GraphQL.AbstractResponse` (and `GraphQL.ResponseObject`) a response
    /// property must not take; such a field's property gets a `Field` suffix.
    static let responseMembers: Set<String> = [
        "fields", "hasField", "graphQLTypeName", "debugDescription", "cast", "as", "typeName", "responseObject",
        "fieldValue", "checkedFieldValue", "deserializeValue", "mock", "Mock", "init",
    ]

    /// `name`, in backticks when it is a keyword.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The response property for a field.
    public static func responseMember(_ name: String) -> String {
        responseMembers.contains(name) ? name + "Field" : name
    }

    /// The Swift case of an enum value: `BEST_SELLING` → `bestSelling`, `USD` → `usd`,
    /// `PT_BR` → `ptBr`; a name with lower-case letters keeps them (`Kilograms` →
    /// `kilograms`). A leading digit gets an underscore.
    public static func enumCase(_ name: String) -> String {
        let hasLower = name.contains { $0.isLowercase }
        var out = ""
        if hasLower {
            out = name.prefix(1).lowercased() + name.dropFirst()
        } else {
            let parts = name.split(separator: "_", omittingEmptySubsequences: true)
            for (index, part) in parts.enumerated() {
                let lower = part.lowercased()
                out += index == 0 ? lower : lower.prefix(1).uppercased() + lower.dropFirst()
            }
        }
        if out.isEmpty { out = "_" }
        if let first = out.first, first.isNumber { out = "_" + out }
        return out
    }

    /// `text` as a Swift string literal, escaped.
    public static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
