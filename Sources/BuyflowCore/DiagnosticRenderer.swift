/// Renders diagnostics like a compiler:
///
///     workflows/checkout.yaml:12:7: error: unknown key 'captur'; did you mean 'capture'?
///      12 |       captur: cartId
///         |       ^
///     hint: a step accepts name, id, query, mutation, …
///
/// Notes follow the same form with `note:`. Long lines are shown as a window around the
/// column, control characters as visible symbols, and tabs are kept so the caret lines up.
public struct DiagnosticRenderer: Sendable {
    public var color: Bool
    /// Source files by path, used to quote the line a diagnostic points at.
    public var sources: [String: SourceFile]
    /// The widest excerpt shown, in columns; longer lines are cut around the caret.
    public var maxExcerptWidth: Int = 120
    /// The most notes shown under one diagnostic (a cycle of thousands of fragments has
    /// a note per fragment); the rest are counted.
    public static let maxNotesShown = 20

    public init(color: Bool = false, sources: [SourceFile] = []) {
        self.color = color
        self.sources = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
    }

    public mutating func add(_ source: SourceFile) { sources[source.path] = source }

    /// Every diagnostic, each followed by a newline.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { render($0) }.joined()
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = header(diagnostic.location, diagnostic.severity, diagnostic.fullMessage)
        out += excerpt(at: diagnostic.location)
        for note in diagnostic.notes.prefix(Self.maxNotesShown) {
            out += header(note.location, .note, note.message)
            out += excerpt(at: note.location)
        }
        if diagnostic.notes.count > Self.maxNotesShown {
            out += paint("note:", .cyan) + " \(diagnostic.notes.count - Self.maxNotesShown) more notes not shown\n"
        }
        if let hint = diagnostic.hint {
            out += paint("hint:", .bold) + " " + hint + "\n"
        }
        return out
    }

    // MARK: - Pieces

    private func header(_ location: SourceLocation?, _ severity: Severity, _ message: String) -> String {
        let place = location.map { paint("\($0):", .bold) + " " } ?? ""
        let label: String = switch severity {
        case .error: paint("error:", .red)
        case .warning: paint("warning:", .magenta)
        case .note: paint("note:", .cyan)
        }
        return place + label + " " + paint(message, .bold) + "\n"
    }

    private func excerpt(at location: SourceLocation?) -> String {
        guard let location, let file = sources[location.file], let line = file.line(location.line) else {
            return ""
        }
        let (shown, caretColumn) = window(Array(line.unicodeScalars), column: location.column)
        let number = String(location.line)
        let gutter = String(repeating: " ", count: number.count)
        // Keep tabs in the caret line where the source has them, so the caret lines up.
        var pad = ""
        for scalar in shown.prefix(caretColumn - 1) { pad.unicodeScalars.append(scalar == "\t" ? "\t" : " ") }
        let text = String(String.UnicodeScalarView(shown.map(Self.visible)))
        return " \(number) | \(text)\n \(gutter) | \(pad)\(paint("^", .green))\n"
    }

    /// Cuts a long line to `maxExcerptWidth` columns around `column`; returns the shown
    /// scalars and the caret's 1-based column within them.
    private func window(_ scalars: [Unicode.Scalar], column: Int) -> ([Unicode.Scalar], Int) {
        let caret = max(1, min(column, scalars.count + 1))
        guard scalars.count > maxExcerptWidth else { return (scalars, caret) }
        let half = maxExcerptWidth / 2
        var start = max(0, caret - 1 - half)
        let end = min(scalars.count, start + maxExcerptWidth)
        start = max(0, end - maxExcerptWidth)
        var shown = Array(scalars[start..<end])
        var caretInShown = caret - start
        if start > 0 {
            shown.insert("…", at: 0)
            caretInShown += 1
        }
        if end < scalars.count { shown.append("…") }
        return (shown, caretInShown)
    }

    /// Control characters become their visible "control picture" (NUL → ␀); tabs stay.
    private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\t" { return scalar }
        if scalar.value < 0x20 { return Unicode.Scalar(0x2400 + scalar.value)! }
        if scalar.value == 0x7F { return "\u{2421}" }
        return scalar
    }

    private enum Style: String {
        case bold = "1", red = "1;31", magenta = "1;35", cyan = "1;36", green = "1;32"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
