import BuyflowCore

/// Recognises workflow templates (`${{ expression }}`) in values, without parsing the
/// expression (that is the expression language's job).
enum TemplateText {
    /// Whether the whole string (spaces and line breaks around it aside) is exactly one
    /// template: its value then has the expression's type, unknown statically.
    static func isWholeTemplate(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return isWholeASCIITemplate(text.utf8.span) }
        let trimmed = text.trimmingPrefix { $0.isWhitespace }
        guard trimmed.hasPrefix("${{") else { return false }
        let body = trimmed.dropFirst(3)
        guard let end = body.lastIndex(where: { !$0.isWhitespace }),
              body[...end].hasSuffix("}}")
        else { return false }
        return body.firstRange(of: "${{") == nil
    }

    /// `isWholeTemplate` of an all-ASCII string, byte by byte (ASCII whitespace is tab,
    /// line feed, vertical tab, form feed, carriage return and space).
    private static func isWholeASCIITemplate(_ bytes: Span<UInt8>) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        func isOpening(at index: Int) -> Bool {
            index + 3 <= bytes.count && bytes[index] == UInt8(ascii: "$")
                && bytes[index + 1] == UInt8(ascii: "{") && bytes[index + 2] == UInt8(ascii: "{")
        }
        var start = 0
        while start < bytes.count, isSpace(bytes[start]) { start += 1 }
        guard isOpening(at: start) else { return false }
        let bodyStart = start + 3
        var end = bytes.count
        while end > bodyStart, isSpace(bytes[end - 1]) { end -= 1 }
        guard end - bodyStart >= 2, bytes[end - 1] == UInt8(ascii: "}"), bytes[end - 2] == UInt8(ascii: "}") else { return false }
        // A second template inside means text between templates.
        for index in bodyStart..<bytes.count where isOpening(at: index) { return false }
        return true
    }

    /// Whether a value is a string that is exactly one template (an ASCII one is read
    /// in place, without making the string).
    static func isWholeTemplate(_ value: LocatedValue) -> Bool {
        let ascii = value.withStringBytes { bytes -> Bool? in
            bytes.allSatisfy { $0 < 0x80 } ? isWholeASCIITemplate(bytes.span) : nil
        }
        switch ascii {
        case nil: return false
        case .some(.some(let whole)): return whole
        case .some(.none): return value.string.map(isWholeTemplate) ?? false
        }
    }
}
