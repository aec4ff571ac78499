import BuyflowCore

extension SourceLocation {
    /// Reads `file:line:column` (the `description` form); the file may itself contain colons.
    init?(reportText text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]),
            line >= 1, column >= 1
        else { return nil }
        let file = parts.dropLast(2).joined(separator: ":")
        guard !file.isEmpty else { return nil }
        self.init(file: file, line: line, column: column)
    }
}
