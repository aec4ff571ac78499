import BuyflowCore
import Testing

@Suite struct SourceFileTests {
    @Test func linesWithoutTerminators() {
        let file = SourceFile(path: "f", text: "one\r\ntwo\nthree")
        #expect(file.lineCount == 3)
        #expect(file.line(1) == "one")
        #expect(file.line(2) == "two")
        #expect(file.line(3) == "three")
        #expect(file.line(0) == nil)
        #expect(file.line(4) == nil)
    }

    @Test func locationOfOffsetCountsScalars() {
        let file = SourceFile(path: "f", text: "ab\nçé: x\n")
        // "çé" is four UTF-8 bytes; ':' is at byte offset 7, column 3.
        #expect(file.location(ofUTF8Offset: 7) == SourceLocation(file: "f", line: 2, column: 3))
        #expect(file.location(ofUTF8Offset: 0) == SourceLocation(file: "f", line: 1, column: 1))
        #expect(file.location(ofUTF8Offset: 3) == SourceLocation(file: "f", line: 2, column: 1))
    }

    @Test func locationsOrderByFileLineColumn() {
        let a = SourceLocation(file: "a", line: 2, column: 9)
        let b = SourceLocation(file: "a", line: 10, column: 1)
        #expect(a < b)
        #expect(a.description == "a:2:9")
    }

    @Test func severityOrder() {
        #expect(Severity.note < .warning && Severity.warning < .error)
    }
}
