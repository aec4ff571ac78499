import Testing

/// A row of a usage-error table: the words, the error line printed, the specific hint.
struct UsageCase: Sendable, CustomTestStringConvertible {
    var words: [String]
    var firstLine: String
    var hint: String?

    init(_ words: [String], _ firstLine: String, _ hint: String?) {
        self.words = words
        self.firstLine = firstLine
        self.hint = hint
    }

    var testDescription: String { words.joined(separator: " ") }
}
