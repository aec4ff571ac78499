import BuyflowCore

/// `--env-file` files: `NAME=value` lines, `#` comments, blank lines, an optional
/// `export ` prefix, values single-quoted (taken as written), double-quoted (`\n`, `\t`,
/// `\"`, `\\` escapes) or bare (trailing spaces and a ` #` comment dropped).
enum DotEnv {
    static func parse(_ text: String, path: String) -> (values: [(String, String)], diagnostics: [Diagnostic]) {
        var values: [(String, String)] = []
        var diagnostics: [Diagnostic] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = Substring(rawLine)
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            line = line.dropFirst(indent)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = line.dropFirst(7).drop { $0 == " " } }
            let location = { (column: Int) in SourceLocation(file: path, line: index + 1, column: column) }
            guard let equals = line.firstIndex(of: "=") else {
                diagnostics.append(.error("expected NAME=value", at: location(indent + 1), code: "workflow.env-file",
                                          hint: "each line of an env file is NAME=value, a # comment, or blank"))
                continue
            }
            let name = line[..<equals].trimmingSpaces
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }),
                  !(name.first?.isNumber ?? true) else {
                diagnostics.append(.error("'\(name)' is not a valid variable name", at: location(indent + 1), code: "workflow.env-file",
                                          hint: "names are letters, digits and '_', not starting with a digit"))
                continue
            }
            var value = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            let valueColumn = rawLine.distance(from: rawLine.startIndex, to: value.startIndex) + 1
            if let quote = value.first, quote == "\"" || quote == "'" {
                guard let close = value.dropFirst().lastIndex(of: quote) else {
                    diagnostics.append(.error("unterminated \(quote == "\"" ? "double" : "single")-quoted value", at: location(valueColumn),
                                              code: "workflow.env-file", hint: "close the value with \(quote) on the same line"))
                    continue
                }
                let inner = value[value.index(after: value.startIndex)..<close]
                values.append((name, quote == "'" ? String(inner) : unescape(inner)))
            } else {
                if let comment = value.firstRange(of: " #") { value = value[..<comment.lowerBound] }
                values.append((name, value.trimmingSpaces))
            }
        }
        return (values, diagnostics)
    }

    private static func unescape(_ text: Substring) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        if escaping { out.append("\\") }
        return out
    }
}
