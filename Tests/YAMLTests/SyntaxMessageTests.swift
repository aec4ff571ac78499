import BuyflowCore
import BuyflowTestSupport
import Testing
import YAML

/// libyaml's problems, reworded: message, location and code; libyaml's own words stay
/// in the last note.
@Suite struct SyntaxMessageTests {
    @Test(arguments: [
        ("a:\n\tb: 1\n", "found a tab character where indentation is expected; YAML indents with spaces", 2, 1, "yaml.tab"),
        ("a:\n  b: x\n\tc: 2\n", "found a tab character in the indentation of a continued value; YAML indents with spaces", 3, 1, "yaml.tab"),
        ("a: |\n  x\n\ty\n", "found a tab character in the indentation of a block scalar ('|' or '>'); YAML indents with spaces", 3, 1, "yaml.tab"),
        ("a: @x\n", "'@' cannot start a plain value; it is reserved in YAML", 1, 4, "yaml.syntax"),
        ("title: Note: hi\n", "unexpected ':' (a value on the same line as a key needs quoting, or the indentation is off)", 1, 12, "yaml.syntax"),
        ("a: - b\n", "unexpected '-' list item (a list starts on the line after its key, or the indentation is off)", 1, 4, "yaml.syntax"),
        ("a: 1\n- b\n", "bad indentation: found a '-' list item where the mapping started at 1:1 expects a key", 2, 1, "yaml.syntax"),
        ("a:\n  b: 1\n c: 2\n", "bad indentation: this line does not line up with the keys of the mapping started at 1:1", 3, 2, "yaml.syntax"),
        ("a:\n  - b\n  c: 1\n", "bad indentation: this line does not line up with the items of the list started at 2:3", 3, 3, "yaml.syntax"),
        ("a: 'abc\n", "unclosed quoted string (started at 1:4)", 1, 8, "yaml.syntax"),
        ("a: \"abc\n---\n\"\n", "unclosed quoted string (started at 1:4) runs into a document marker", 2, 1, "yaml.syntax"),
        ("a: [1, 2\nb: 3\n", "unclosed flow sequence '[' started at 1:4: expected ',' or ']' here", 2, 2, "yaml.syntax"),
        ("a: {x: 1\n", "unclosed flow mapping '{' started at 1:4", 1, 9, "yaml.syntax"),
        ("a: \"\\q\"\n", "unknown escape sequence '\\q' in a double-quoted string", 1, 5, "yaml.syntax"),
        ("a: b\nc\nd: e\n", "expected ':' on the same line as the key started at 2:1", 3, 1, "yaml.syntax"),
        ("a: &\n", "an anchor ('&') needs a name of letters, digits, '-' or '_'", 1, 5, "yaml.syntax"),
        ("a: !x!y 1\n", "undefined tag handle", 1, 4, "yaml.syntax"),
        ("a: |0\n  x\n", "the indentation indicator of a block scalar must be 1 to 9", 1, 5, "yaml.syntax"),
        ("a: | x\n", "unexpected text after a block scalar indicator ('|' or '>')", 1, 6, "yaml.syntax"),
        ("a: [1, , 2]\n", "expected a value, found ','", 1, 8, "yaml.syntax"),
        ("key: 'it's'\n", "unexpected 's' after a complete value", 1, 10, "yaml.syntax"),
        ("a: [1, 2]]\n", "unexpected ']' after a complete value", 1, 10, "yaml.syntax"),
        ("{a: 1}}\n", "unexpected '}' after a complete value", 1, 7, "yaml.syntax"),
        ("a: b\u{7}c\n", "found control character U+0007; YAML text cannot contain control characters", 1, 5, "yaml.encoding"),
    ])
    func reworded(_ text: String, _ message: String, _ line: Int, _ column: Int, _ code: String) throws {
        let found = diagnostics(text)
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.message == message)
        #expect(diagnostic.location == at(line, column))
        #expect(diagnostic.code == code)
        #expect(diagnostic.notes.last?.message.hasPrefix("libyaml: ") == true)
        #expect(diagnostic.notes.last?.location == nil)
    }

    @Test func contextNotePointsWhereTheConstructStarts() throws {
        let diagnostic = try #require(diagnostics("a: [1, 2\n").first)
        #expect(diagnostic.notes.first == Diagnostic.Note("the list starts here", at: at(1, 4)))
    }

    @Test func lineDiffShowsChangedLines() {
        #expect(LineDiff.render(expected: "a\nb\nc", actual: "a\nx\nc") == "  a\n- b\n+ x\n  c")
        #expect(LineDiff.render(expected: "a", actual: "a\nb") == "  a\n+ b")
    }
}
