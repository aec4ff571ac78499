import BuyflowCore
import Testing

@Suite struct DiagnosticRendererTests {
    let source = SourceFile(path: "workflows/checkout.yaml", text: """
        version: 1
        steps:
          - name: Create cart
            captur: cartId
        """)

    @Test func rendersLocationSourceLineAndCaret() {
        let diagnostic = Diagnostic.error(
            "unknown key 'captur'", at: SourceLocation(file: "workflows/checkout.yaml", line: 4, column: 5),
            suggestion: "capture", hint: "a step accepts name, id, query, mutation, capture, assert")
        let text = DiagnosticRenderer(sources: [source]).render(diagnostic)
        #expect(text == """
            workflows/checkout.yaml:4:5: error: unknown key 'captur'; did you mean 'capture'?
             4 |     captur: cartId
               |     ^
            hint: a step accepts name, id, query, mutation, capture, assert

            """)
    }

    @Test func rendersNotesWithTheirOwnExcerpt() {
        let diagnostic = Diagnostic.error(
            "duplicate key 'name'", at: SourceLocation(file: "workflows/checkout.yaml", line: 3, column: 7),
            notes: [.init("first defined here", at: SourceLocation(file: "workflows/checkout.yaml", line: 1, column: 1))])
        let text = DiagnosticRenderer(sources: [source]).render(diagnostic)
        #expect(text == """
            workflows/checkout.yaml:3:7: error: duplicate key 'name'
             3 |   - name: Create cart
               |       ^
            workflows/checkout.yaml:1:1: note: first defined here
             1 | version: 1
               | ^

            """)
    }

    @Test func withoutSourceOnlyTheHeaderIsPrinted() {
        let diagnostic = Diagnostic.warning("field 'x' is deprecated", at: SourceLocation(file: "a.graphql", line: 2, column: 3))
        #expect(DiagnosticRenderer().render(diagnostic) == "a.graphql:2:3: warning: field 'x' is deprecated\n")
        #expect(DiagnosticRenderer().render(Diagnostic.error("no location")) == "error: no location\n")
    }

    @Test func keepsTabsSoTheCaretLinesUp() {
        let file = SourceFile(path: "t.yaml", text: "a:\n\t\tb: 1\n")
        let diagnostic = Diagnostic.error("tab", at: SourceLocation(file: "t.yaml", line: 2, column: 3))
        #expect(DiagnosticRenderer(sources: [file]).render(diagnostic) == "t.yaml:2:3: error: tab\n 2 | \t\tb: 1\n   | \t\t^\n")
    }

    @Test func showsControlCharactersVisibly() {
        let file = SourceFile(path: "n.yaml", text: "a: b\u{0}c\n")
        let diagnostic = Diagnostic.error("NUL byte", at: SourceLocation(file: "n.yaml", line: 1, column: 5))
        #expect(DiagnosticRenderer(sources: [file]).render(diagnostic) == "n.yaml:1:5: error: NUL byte\n 1 | a: b\u{2400}c\n   |     ^\n")
    }

    @Test func windowsVeryLongLinesAroundTheColumn() {
        let line = String(repeating: "x", count: 5000) + "!" + String(repeating: "y", count: 5000)
        let file = SourceFile(path: "long.yaml", text: line)
        let diagnostic = Diagnostic.error("here", at: SourceLocation(file: "long.yaml", line: 1, column: 5001))
        let lines = DiagnosticRenderer(sources: [file]).render(diagnostic).split(separator: "\n")
        #expect(lines.count == 3)
        let shown = lines[1].dropFirst(" 1 | ".count)
        let caret = lines[2].dropFirst("   | ".count)
        #expect(shown.count == 122)  // 120 columns plus an ellipsis on each side
        #expect(shown.hasPrefix("…") && shown.hasSuffix("…"))
        let caretOffset = caret.count - 1
        #expect(Array(shown)[caretOffset] == "!")
    }

    @Test func colourWrapsSeverityAndCaret() {
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(file: "workflows/checkout.yaml", line: 1, column: 1))
        let text = DiagnosticRenderer(color: true, sources: [source]).render(diagnostic)
        #expect(text.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1;32m^\u{1B}[0m"))
    }

    @Test func oneLineDescription() {
        let diagnostic = Diagnostic.error("unknown key 'captur'", at: SourceLocation(file: "w.yaml", line: 12, column: 7), suggestion: "capture")
        #expect(diagnostic.description == "w.yaml:12:7: error: unknown key 'captur'; did you mean 'capture'?")
    }
}
