import BuyflowCore
import Foundation
import Testing
import YAML

/// A place in a scalar's value and the character of the YAML text it must map to. The
/// text marks that character with `‸` just before it (the mark is removed before
/// parsing); the scalar is the value of the first key `q`, depth first (the last item
/// when that is a list).
struct MapCase: CustomTestStringConvertible, Sendable {
    enum Place: Sendable {
        /// The first occurrence of this text in the value.
        case text(String)
        /// A UTF-8 offset into the value.
        case offset(Int)
        /// A 1-based line and column of the value text.
        case lineColumn(Int, Int)
    }

    var name: String
    var yaml: String
    var place: Place
    var value: String?

    init(_ name: String, _ yaml: String, _ place: Place, value: String? = nil) {
        self.name = name
        self.yaml = yaml
        self.place = place
        self.value = value
    }

    var testDescription: String { name }

    static let mark: Character = "‸"

    /// The YAML without the mark, and the mark's line and column.
    var source: (text: String, line: Int, column: Int) {
        var line = 1
        var column = 1
        var text = ""
        var found = false
        for scalar in yaml.unicodeScalars {
            if Character(scalar) == Self.mark {
                found = true
                continue
            }
            text.unicodeScalars.append(scalar)
            if !found {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
        }
        precondition(found, "case \(name) has no mark")
        return (text, line, column)
    }
}

@Suite struct ScalarSourceMapTests {
    static let cases: [MapCase] = [
        // Plain.
        MapCase("plain word", "q: hello ‸world\n", .text("world")),
        MapCase("plain first character", "q: ‸hello\n", .offset(0)),
        MapCase("plain multi-line continuation", "q: first line\n  ‸second line\n", .text("second"), value: "first line second line"),
        MapCase("plain folded space at end of line", "q: first line   ‸\n  second\n", .text(" second")),
        MapCase("plain empty line kept as break", "q: one\n‸\n  two\n", .text("\n"), value: "one\ntwo"),
        MapCase("plain with tab inside", "q: a\tb ‸{x}\n", .text("{x}")),
        MapCase("plain tagged as a string", "q: !!str 1‸2\n", .offset(1), value: "12"),
        MapCase("plain in flow sequence", "q: [a, b c, ‸d e]\n", .text("d"), value: "d e"),
        MapCase("plain multi-line in flow mapping", "r: {q: one\n  ‸two, z: 1}\n", .text("two")),
        // Double-quoted.
        MapCase("double-quoted word", "q: \"query { ‸shop }\"\n", .text("shop")),
        MapCase("double-quoted \\n maps to the backslash", "q: \"a‸\\nb\"\n", .text("\n")),
        MapCase("double-quoted after \\t", "q: \"a\\tb\\t‸c\"\n", .text("c")),
        MapCase("double-quoted escaped quote", "q: \"say ‸\\\"hi\\\"\"\n", .text("\"")),
        MapCase("double-quoted \\u00e9 both bytes", "q: \"caf‸\\u00e9!\"\n", .offset(4), value: "café!"),
        MapCase("double-quoted after \\x41", "q: \"\\x41‸B\"\n", .text("B"), value: "AB"),
        MapCase("double-quoted \\U emoji then text", "q: \"\\U0001F600 ‸{x}\"\n", .text("{x}")),
        MapCase("double-quoted escaped line break", "q: \"abc\\\n     ‸def\"\n", .text("def"), value: "abcdef"),
        MapCase("double-quoted fold space", "q: \"a‸\n   b\"\n", .text(" "), value: "a b"),
        MapCase("double-quoted empty line", "q: \"a\n‸\n   b\"\n", .text("\n"), value: "a\nb"),
        MapCase("double-quoted folds drop indentation", "q: \"{\n  x\n    ‸y\n  }\"\n", .lineColumn(1, 5), value: "{ x y }"),
        MapCase("double-quoted line 2 column 1", "q: \"query {\n\n    ‸shop\n  }\"\n", .lineColumn(2, 1), value: "query {\nshop }"),
        MapCase("double-quoted in flow mapping", "r: {q: \"a, ‸b\", z: 1}\n", .text("b")),
        MapCase("double-quoted with anchor and tag", "q: &a !!str \"x ‸y\"\n", .text("y")),
        MapCase("double-quoted CRLF fold", "q: \"one\r\n  ‸two\"\r\n", .text("two"), value: "one two"),
        MapCase("double-quoted accents and emoji", "q: \"éà 😀 ‸{x}\"\n", .text("{x}")),
        // Single-quoted.
        MapCase("single-quoted '' maps to the first quote", "q: 'it‸''s'\n", .text("'"), value: "it's"),
        MapCase("single-quoted after ''", "q: 'it''‸s'\n", .text("s")),
        MapCase("single-quoted backslash is literal", "q: 'a\\n‸b'\n", .text("b"), value: "a\\nb"),
        MapCase("single-quoted multi-line", "q: 'first\n   ‸second'\n", .text("second"), value: "first second"),
        // Literal.
        MapCase("literal line 3 column 9", "q: |\n  query {\n    cart {\n    id(x: ‸1)\n    }\n  }\n", .lineColumn(3, 9)),
        MapCase("literal keeps line break", "q: |\n  a‸\n  b\n", .text("\n")),
        MapCase("literal clip final break", "q: |\n  a\n  b‸\n\nr: 1\n", .offset(3), value: "a\nb\n"),
        MapCase("literal keep final breaks", "q: |+\n  a\n‸\n\nr: 1\n", .offset(2), value: "a\n\n\n"),
        MapCase("literal strip, end maps past content", "q: |-\n  ab‸\n\nr: 1\n", .offset(2), value: "ab"),
        MapCase("literal indentation indicator", "q: |2\n    ‸indented\n  x\n", .text("indented"), value: "  indented\nx\n"),
        MapCase("literal indentation indicator, nested", "a:\n  q: |1\n     ‸x\n   y\n", .text("x"), value: "  x\ny\n"),
        MapCase("literal leading empty lines", "q: |\n\n‸\n  a\n", .offset(1), value: "\n\na\n"),
        MapCase("literal header comment", "q: | # the query\n  ‸{ shop }\n", .text("{")),
        MapCase("literal with tab in content", "q: |\n  a\t‸b\n", .text("b")),
        MapCase("literal CRLF", "q: |\r\n  one\r\n  ‸two\r\n", .text("two"), value: "one\ntwo\n"),
        MapCase("literal CRLF break", "q: |\r\n  one‸\r\n  two\r\n", .text("\n")),
        MapCase("literal accents", "q: |\n  é😀\n  à ‸{x}\n", .text("{x}")),
        MapCase("literal deep in a sequence", """
        steps:
          - name: one
          - name: two
            with:
              q: |
                query {
                  ‸shop { name }
                }
        """, .lineColumn(2, 3)),
        MapCase("literal in sequence item", "q:\n  - |\n    x\n    ‸y\n", .text("y")),
        // Folded.
        MapCase("folded fold space", "q: >\n  one‸\n  two\n", .text(" "), value: "one two\n"),
        MapCase("folded second line", "q: >\n  one\n  ‸two\n", .text("two")),
        MapCase("folded empty line", "q: >\n  one\n‸\n  two\n", .text("\n"), value: "one\ntwo\n"),
        MapCase("folded more-indented line keeps breaks", "q: >\n  a\n    ‸b\n  c\n", .text("b"), value: "a\n  b\nc\n"),
        MapCase("folded strip", "q: >-\n  one\n  ‸two\n", .text("two"), value: "one two"),
        MapCase("folded CRLF", "q: >\r\n  one\r\n  ‸two\r\n", .text("two"), value: "one two\n"),
        MapCase("folded with tag and anchor", "q: !!str &x >\n  a\n  ‸b\n", .text("b")),
        // Ends.
        MapCase("past the end of a quoted scalar", "q: \"abc‸\"\n", .offset(99)),
        MapCase("past the end of a plain scalar", "q: abc‸ # comment\n", .offset(3)),
        MapCase("past the end of a literal", "q: |\n  abc‸\n", .lineColumn(2, 1)),
    ]

    @Test(arguments: cases)
    func mapsToTheMarkedCharacter(_ testCase: MapCase) throws {
        let (text, line, column) = testCase.source
        let file = SourceFile(path: "map.yaml", text: text)
        let root = try parse(text, path: "map.yaml")
        let scalar = try #require(Self.scalar(under: "q", in: root.located))
        if let value = testCase.value { #expect(scalar.string == value) }
        let map = try #require(ScalarSourceMap(scalar: scalar, in: file))
        #expect(map.isExact)
        let expected = BuyflowCore.SourceLocation(file: "map.yaml", line: line, column: column)
        let found = switch testCase.place {
        case .text(let needle):
            map.location(ofUTF8Offset: try #require(Self.offset(of: needle, in: scalar.string ?? "")))
        case .offset(let offset):
            map.location(ofUTF8Offset: offset)
        case .lineColumn(let line, let column):
            map.location(line: line, column: column)
        }
        #expect(found == expected, "\(Self.pointer(at: found, in: file)) instead of \(Self.pointer(at: expected, in: file))")
    }

    /// Across every case, later value bytes never map earlier in the file.
    @Test(arguments: cases)
    func locationsFollowTheValue(_ testCase: MapCase) throws {
        let text = testCase.source.text
        let file = SourceFile(path: "map.yaml", text: text)
        let scalar = try #require(Self.scalar(under: "q", in: try parse(text, path: "map.yaml").located))
        let map = try #require(ScalarSourceMap(scalar: scalar, in: file))
        let count = scalar.string?.utf8.count ?? 0
        var previous = map.location(ofUTF8Offset: 0)
        #expect(previous >= scalar.location)
        for offset in 1..<max(count, 1) {
            let next = map.location(ofUTF8Offset: offset)
            #expect(next >= previous, "offset \(offset)")
            previous = next
        }
        // The end is just past the last content character (before kept final line breaks).
        #expect(map.location(ofUTF8Offset: count) <= scalar.endLocation)
        #expect(map.location(ofUTF8Offset: count) >= scalar.location)
    }

    @Test func nonStringsHaveNoMap() throws {
        let text = "a: 12\nb: [x]\nc: true\nd: ~\n"
        let root = try parse(text).located
        let file = SourceFile(path: "test.yaml", text: text)
        for member in root.members ?? LocatedMembers() {
            #expect(ScalarSourceMap(scalar: member.value, in: file) == nil)
        }
    }

    @Test func anAliasHasNoMap() throws {
        let text = "a: &x \"one\"\nb: *x\n"
        let root = try parse(text).located
        let alias = try #require(root.members?.last?.value)
        #expect(alias.string == "one")
        #expect(ScalarSourceMap(scalar: alias, in: SourceFile(path: "test.yaml", text: text)) == nil)
    }

    @Test func changedTextFallsBackToTheStart() throws {
        let text = "q: \"abcdef\"\n"
        let scalar = try #require(try parse(text).located.members?.first?.value)
        let changed = SourceFile(path: "test.yaml", text: "q: \"abXdef\"\n")
        let map = try #require(ScalarSourceMap(scalar: scalar, in: changed))
        #expect(!map.isExact)
        #expect(map.location(ofUTF8Offset: 1) == at(1, 6))
        #expect(map.location(ofUTF8Offset: 4) == scalar.location)
        #expect(map.location(ofUTF8Offset: 100) == scalar.location)
    }

    /// A long literal block of GraphQL maps exactly, every time it is built (how fast it is
    /// built is the benchmarks' business, not a unit test's).
    @Test func longBlockScalarMapsExactly() throws {
        let lines = (1...30).map { "      field\($0) { id name price { amount currencyCode } }" }
        let text = "steps:\n  - q: |\n" + lines.joined(separator: "\n") + "\n"
        let scalar = try #require(Self.scalar(under: "q", in: try parse(text).located))
        let file = SourceFile(path: "test.yaml", text: text)
        for _ in 0..<100 { #expect(ScalarSourceMap(scalar: scalar, in: file)?.isExact == true) }
    }

    // MARK: - Helpers

    static func scalar(under key: String, in value: LocatedValue) -> LocatedValue? {
        switch value.content {
        case .map(let members):
            for member in members {
                if member.key == key {
                    if case .list(let items) = member.value.content { return items.last }
                    return member.value
                }
                if let found = scalar(under: key, in: member.value) { return found }
            }
            return nil
        case .list(let items):
            for item in items {
                if let found = scalar(under: key, in: item) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    static func offset(of needle: String, in value: String) -> Int? {
        guard let range = value.range(of: needle) else { return nil }
        return value.utf8.distance(from: value.utf8.startIndex, to: range.lowerBound)
    }

    /// `line:column` and the line with a caret, for failure messages.
    static func pointer(at location: BuyflowCore.SourceLocation, in file: SourceFile) -> String {
        let line = file.line(location.line).map(String.init) ?? ""
        let caret = String(repeating: " ", count: max(0, location.column - 1)) + "^"
        return "\(location.line):\(location.column)\n\(line.replacingOccurrences(of: "\t", with: " "))\n\(caret)\n"
    }
}
