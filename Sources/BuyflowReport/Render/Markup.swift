/// Escaping for the XML and HTML reports. Characters XML 1.0 does not allow at all (C0
/// controls other than tab, line feed and carriage return, U+FFFE, U+FFFF) are written as
/// the visible text `\u001B`, so the output is always well-formed and nothing is lost.
enum Markup {
    /// Whether XML 1.0 allows the character in a document (`Char` of the specification).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Character data: `&`, `<` and `>` escaped, forbidden characters made visible.
    static func text(_ text: String) -> String {
        escape(text, attribute: false)
    }

    /// An attribute value between double quotes: also `"` and `'`, and tab, line feed and
    /// carriage return as character references so attribute normalisation keeps them.
    static func attribute(_ text: String) -> String {
        escape(text, attribute: true)
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&#39;"
            case "\n" where attribute: out += "&#10;"
            case "\r" where attribute: out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if isXMLCharacter(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += visible(scalar)
                }
            }
        }
        return out
    }

    /// `\u001B`: a character XML cannot carry, as text.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
