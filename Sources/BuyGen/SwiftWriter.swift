/// Collects lines of Swift with the current indentation (four spaces a level).
struct SwiftWriter {
    private(set) var text = ""
    private var level = 0

    /// One line (an empty string writes an empty line without trailing spaces).
    mutating func line(_ line: String = "") {
        if !line.isEmpty {
            text += String(repeating: "    ", count: level)
            text += line
        }
        text += "\n"
    }

    /// `opening`, then `body` one level in, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void) {
        line(opening)
        level += 1
        body(&self)
        level -= 1
        line(closing)
    }

    /// `/// …` lines for a description (nothing when there is none).
    mutating func doc(_ description: String?) {
        guard let description, !description.isEmpty else { return }
        for docLine in description.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = docLine.trimmingTrailingSpaces()
            line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// `@available(*, deprecated, message: "…")` when deprecated.
    mutating func deprecation(_ reason: String?) {
        guard let reason else { return }
        line("@available(*, deprecated, message: \(SwiftNames.literal(reason)))")
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return String(self[startIndex..<end])
    }
}
