/// Block strings (`"""…"""`): the specification's `BlockStringValue()` (common
/// indentation and blank first and last lines removed) and the reverse, printing a value
/// as a block string that reads back to the same value (graphql-js's `printBlockString`).
enum BlockString {
    /// The value of a block string whose raw text, between the quotes, is
    /// `bytes[start..<end]`; `\"""` stands for `"""`.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        // Lines, split at \n, \r\n and \r.
        var lines: [(start: Int, end: Int)] = []
        var lineStart = start
        var p = start
        var hasEscapedQuotes = false
        while p < end {
            switch bytes[p] {
            case 0x0A:
                lines.append((lineStart, p))
                p &+= 1
                lineStart = p
            case 0x0D:
                lines.append((lineStart, p))
                p &+= bytes[p &+ 1] == 0x0A && p &+ 1 < end ? 2 : 1
                lineStart = p
            case 0x5C:
                if p &+ 3 < end && bytes[p &+ 1] == 0x22 && bytes[p &+ 2] == 0x22 && bytes[p &+ 3] == 0x22 {
                    hasEscapedQuotes = true
                }
                p &+= 1
            default:
                p &+= 1
            }
        }
        lines.append((lineStart, end))

        // The common indentation of the lines after the first that are not blank.
        var commonIndent = Int.max
        var first = -1
        var last = -1
        for (index, line) in lines.enumerated() {
            var q = line.start
            while q < line.end && (bytes[q] == 0x20 || bytes[q] == 0x09) { q &+= 1 }
            let indent = q &- line.start
            let isBlank = q == line.end
            if !isBlank {
                if first < 0 { first = index }
                last = index
                if index > 0 && indent < commonIndent { commonIndent = indent }
            }
        }
        guard first >= 0 else { return "" }
        if commonIndent == .max { commonIndent = 0 }

        var out: [UInt8] = []
        out.reserveCapacity(end &- start)
        for index in first...last {
            if index > first { out.append(0x0A) }
            var (q, lineEnd) = lines[index]
            if index > 0 { q &+= min(commonIndent, lineEnd &- q) }
            if hasEscapedQuotes {
                while q < lineEnd {
                    if bytes[q] == 0x5C && q &+ 3 <= lineEnd && bytes[q &+ 1] == 0x22 && bytes[q &+ 2] == 0x22
                        && bytes[q &+ 3] == 0x22
                    {
                        q &+= 1  // drop the backslash of \"""
                        continue
                    }
                    out.append(bytes[q])
                    q &+= 1
                }
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[q..<lineEnd]))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of a block string given its raw text (between the quotes).
    static func value(raw: String) -> String {
        var bytes = Array(raw.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { value($0, from: 0, to: $0.count - 1) }
    }

    // MARK: - Printing

    /// `value` as a block string, with the quotes, following graphql-js's
    /// `printBlockString`; reads back to `value` when `isPrintable(value)` (only then is
    /// it called: such a value has no carriage return).
    static func print(_ value: String) -> String {
        let source = Array(value.utf8)
        // `"""` is escaped as `\"""`.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(source.count + 8)
        var lineBreaks = 0
        var forceLeadingNewLine = true  // every line after the first is empty or indented
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == 0x22 && index + 2 < source.count && source[index + 1] == 0x22 && source[index + 2] == 0x22 {
                escaped.append(contentsOf: [0x5C, 0x22, 0x22, 0x22])
                index += 3
                continue
            }
            if byte == 0x0A {
                lineBreaks += 1
                if index + 1 < source.count && source[index + 1] != 0x0A && !isWhiteSpace(source[index + 1]) {
                    forceLeadingNewLine = false
                }
            }
            escaped.append(byte)
            index += 1
        }
        let isSingleLine = lineBreaks == 0
        forceLeadingNewLine = forceLeadingNewLine && !isSingleLine

        let hasTrailingTripleQuotes = escaped.count >= 4 && escaped.suffix(4).elementsEqual([0x5C, 0x22, 0x22, 0x22])
        // A trailing quote or backslash would merge with the closing quotes.
        let hasTrailingQuote = source.last == 0x22 && !hasTrailingTripleQuotes
        let hasTrailingSlash = source.last == 0x5C
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines = !isSingleLine || value.utf16.count > 70 || forceTrailingNewLine
            || forceLeadingNewLine || hasTrailingTripleQuotes

        var result: [UInt8] = [0x22, 0x22, 0x22]
        result.reserveCapacity(escaped.count + 8)
        let skipLeadingNewLine = isSingleLine && source.first.map(isWhiteSpace) == true
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine {
            result.append(0x0A)
        }
        result.append(contentsOf: escaped)
        if printAsMultipleLines || forceTrailingNewLine {
            result.append(0x0A)
        }
        result.append(contentsOf: [0x22, 0x22, 0x22])
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `value` can be written as a block string that reads back to it: no control
    /// characters but tab and line feed, no carriage return, no blank first or last line
    /// and no indentation common to every line (graphql-js's `isPrintableAsBlockString`).
    static func isPrintable(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var isEmptyLine = true
        var hasIndent = false
        var hasCommonIndent = true
        var seenNonEmptyLine = false
        for byte in value.utf8 {
            switch byte {
            case 0x0A:
                if isEmptyLine && !seenNonEmptyLine { return false }  // a leading blank line
                seenNonEmptyLine = true
                isEmptyLine = true
                hasIndent = false
            case 0x09, 0x20:
                hasIndent = hasIndent || isEmptyLine
            case 0x00...0x1F:
                return false  // control characters, \r
            default:
                hasCommonIndent = hasCommonIndent && hasIndent
                isEmptyLine = false
            }
        }
        if isEmptyLine { return false }  // a trailing blank line
        if hasCommonIndent && seenNonEmptyLine { return false }
        return true
    }

    @inline(__always)
    private static func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
