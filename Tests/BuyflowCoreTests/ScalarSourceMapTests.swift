import BuyflowCore
import Testing

@Suite struct ScalarSourceMapTests {
    static func at(_ line: Int, _ column: Int, _ file: String = "f.json") -> BuyflowCore.SourceLocation {
        BuyflowCore.SourceLocation(file: file, line: line, column: column)
    }

    @Test func jsonStringsUseJSONEscapes() throws {
        let text = #"{"query": "x\u00e9\uD83D\uDE00 {y}\n", "n": 1}"#
        let file = SourceFile(path: "f.json", text: text)
        let value = "xé😀 {y}\n"
        // At the opening quote, as a JSON reader locates a string; or just inside it.
        for start in [Self.at(1, 11), Self.at(1, 12)] {
            let scalar = LocatedValue(.string(value), at: start, style: .json, text: value)
            let map = try #require(ScalarSourceMap(scalar: scalar, in: file))
            #expect(map.isExact)
            #expect(map.location(ofUTF8Offset: 0) == Self.at(1, 12))
            #expect(map.location(ofUTF8Offset: 1) == Self.at(1, 13))  // é: its backslash
            #expect(map.location(ofUTF8Offset: 3) == Self.at(1, 19))  // the surrogate pair's first backslash
            #expect(map.location(line: 1, column: 5) == Self.at(1, 32))  // '{'
            #expect(map.location(line: 2, column: 1) == Self.at(1, 37))  // past '\n': the end
        }
    }

    @Test func valueLinesEndAtLFCRLFOrCR() throws {
        // A value with CR and CRLF from escapes: lines as GraphQL counts them.
        let text = #"q: "a\rb\r\nc\nd""#
        let file = SourceFile(path: "f.yaml", text: text)
        let scalar = LocatedValue(.string("a\rb\r\nc\nd"), at: Self.at(1, 4, "f.yaml"), style: .doubleQuoted)
        let map = try #require(ScalarSourceMap(scalar: scalar, in: file))
        #expect(map.isExact)
        #expect(map.location(line: 2, column: 1) == Self.at(1, 8, "f.yaml"))
        #expect(map.location(line: 3, column: 1) == Self.at(1, 13, "f.yaml"))
        #expect(map.location(line: 4, column: 1) == Self.at(1, 16, "f.yaml"))
        // A column past its line's end: where the line ends (the escape making the break).
        #expect(map.location(line: 1, column: 40) == Self.at(1, 6, "f.yaml"))
        #expect(map.location(line: 0, column: 0) == Self.at(1, 5, "f.yaml"))
    }

    @Test func noMapWithoutAStringWrittenThere() {
        let file = SourceFile(path: "f.yaml", text: "a: 'x'\nb: 1\n")
        let quoted = LocatedValue(.string("x"), at: Self.at(1, 4, "f.yaml"), style: .singleQuoted)
        #expect(ScalarSourceMap(scalar: quoted, in: file) != nil)
        // Wrong style at that place, a place outside the file, not a string, no style.
        #expect(ScalarSourceMap(scalar: LocatedValue(.string("x"), at: Self.at(1, 4, "f.yaml"), style: .doubleQuoted), in: file) == nil)
        #expect(ScalarSourceMap(scalar: LocatedValue(.string("x"), at: Self.at(9, 1, "f.yaml"), style: .plain), in: file) == nil)
        #expect(ScalarSourceMap(scalar: LocatedValue(.string("x"), at: Self.at(1, 99, "f.yaml"), style: .plain), in: file) == nil)
        #expect(ScalarSourceMap(scalar: LocatedValue(.int(1), at: Self.at(2, 4, "f.yaml"), style: .plain), in: file) == nil)
        #expect(ScalarSourceMap(scalar: LocatedValue(.string("x"), at: Self.at(1, 4, "f.yaml")), in: file) == nil)
    }

    /// Random text, values, styles and places: the map never crashes or hangs, and every
    /// location it gives is in the file or is the scalar's start.
    @Test func neverFailsOnArbitraryInput() {
        let pieces = ["\"", "'", "\\", "|", ">", "-", "+", "2", "9", " ", "  ", "\t", "\n", "\r\n", "\r", "#", "&a ", "!!str ",
                      "a", "é", "😀", "u", "x", "U", "0", ":", ",", "{", "}", "\u{85}", "\u{2028}", "''", "\\\n", "\\u00e9", "\\x4"]
        let styles: [ScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded, .json]
        var random = SplitMix(seed: 42)
        for _ in 0..<3_000 {
            let text = (0..<random.next(40)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let value = (0..<random.next(12)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let file = SourceFile(path: "r", text: text)
            let start = BuyflowCore.SourceLocation(file: "r", line: 1 + random.next(file.lineCount + 1), column: 1 + random.next(6))
            let style = styles[random.next(styles.count)]
            guard let map = ScalarSourceMap(scalar: LocatedValue(.string(value), at: start, style: style), in: file) else { continue }
            for offset in -2...(value.utf8.count + 2) {
                let location = map.location(ofUTF8Offset: offset)
                #expect(location == start || (1...file.lineCount).contains(location.line))
            }
            for line in 0...3 {
                for column in 0...4 { _ = map.location(line: line, column: column) }
            }
        }
    }

    @Test func sourceFileOffsetsOfLinesAndColumns() {
        let file = SourceFile(path: "f", text: "ab\r\nçé: x\n😀z")
        #expect(file.utf8Offset(line: 1, column: 1) == 0)
        #expect(file.utf8Offset(line: 1, column: 3) == 2)  // the CR
        #expect(file.utf8Offset(line: 1, column: 4) == 3)  // the LF: just past the line
        #expect(file.utf8Offset(line: 1, column: 5) == nil)
        #expect(file.utf8Offset(line: 2, column: 3) == 8)  // ':' after four bytes of "çé"
        #expect(file.utf8Offset(line: 3, column: 2) == 16)  // 'z' after the emoji
        #expect(file.utf8Offset(line: 3, column: 3) == 17)  // the end of the file
        #expect(file.utf8Offset(line: 3, column: 4) == nil)
        #expect(file.utf8Offset(line: 4, column: 1) == nil)
        #expect(file.utf8Offset(line: 0, column: 1) == nil)
        #expect(file.utf8Offset(line: 1, column: 0) == nil)
        for offset in [0, 2, 8, 12, 16, 17] {
            let location = file.location(ofUTF8Offset: offset)
            #expect(file.utf8Offset(line: location.line, column: location.column) == offset)
        }
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return bound <= 0 ? 0 : Int(z % UInt64(bound))
    }
}
