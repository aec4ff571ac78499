import BuyflowCore
import GraphQLKit
import Testing

@Suite("Parser: limits")
struct ParserLimitsTests {
    static let nestingMessage = "document nests deeper than 256 levels"

    /// 100,000 openers of every nesting kind: an error at the 257th, never a stack overflow.
    @Test(arguments: [
        (String(repeating: "{ a ", count: 100_000), 1025),
        ("{ a(b: " + String(repeating: "[", count: 100_000) + ") }", 263),
        ("{ a(b: " + String(repeating: "{c: ", count: 100_000) + ") }", 1028),
        ("query ($a: " + String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000) + ") { a }", 268),
        ("type T { f(a: [Int] = " + String(repeating: "[", count: 100_000) + "): Int }", 279),
    ])
    func deepNestingIsAnError(source: String, column: Int) {
        let error = #expect(throws: Diagnostic.self) { try Parser.parse(source) }
        #expect(error?.message == Self.nestingMessage)
        #expect(error?.location?.column == column)
        #expect(error?.hint == "selection sets, lists, input objects and list types may nest at most 256 levels deep")
    }

    @Test func deepValueAndTypeEntryPoints() {
        #expect(throws: Diagnostic.self) { try Parser.parseValue(String(repeating: "[", count: 100_000)) }
        #expect(throws: Diagnostic.self) { try Parser.parseConstValue(String(repeating: "{a: ", count: 100_000)) }
        #expect(throws: Diagnostic.self) { try Parser.parseType(String(repeating: "[", count: 100_000)) }
    }

    /// The default limit itself parses, in a debug build and on a test thread.
    @Test func nestingUpToTheLimitParses() throws {
        let selections = String(repeating: "{ a ", count: 255) + "{ a" + String(repeating: " }", count: 256)
        let document = try Parser.parse(selections)
        #expect(Printer.print(document).split(separator: "\n").count == 2 * 256 + 1)
        let value = try Parser.parseValue(String(repeating: "[", count: 256) + String(repeating: "]", count: 256))
        #expect(Printer.print(value).count == 512)
        let type = try Parser.parseType(String(repeating: "[", count: 256) + "Int" + String(repeating: "]", count: 256))
        #expect(type.namedType.value == "Int")
        #expect(throws: Diagnostic.self) {
            try Parser.parseValue(String(repeating: "[", count: 257) + String(repeating: "]", count: 257))
        }
    }

    @Test func customDepth() throws {
        let options = ParseOptions(maxDepth: 2)
        _ = try Parser.parse("{ a { b } }", options: options)
        let error = #expect(throws: Diagnostic.self) { try Parser.parse("{ a { b { c } } }", options: options) }
        #expect(error?.message == "document nests deeper than 2 levels")
        #expect(error?.location?.column == 9)
        // Values and selection sets count together.
        #expect(throws: Diagnostic.self) { try Parser.parse("{ a(b: [[1]]) }", options: options) }
        _ = try Parser.parse("{ a(b: [1]) }", options: options)
    }

    @Test func tokenLimit() throws {
        let options = ParseOptions(maxTokens: 4)
        _ = try Parser.parse("{ a b }", options: options)
        let error = #expect(throws: Diagnostic.self) { try Parser.parse("{ a b c }", options: options) }
        #expect(error?.message == "document has more than 4 tokens; parsing stopped")
        #expect(error?.location == SourceLocation(file: "<document>", line: 1, column: 9))
        #expect(error?.code == "graphql.syntax")
    }

    /// A document past the default limit of 100,000 tokens stops, and quickly.
    @Test func defaultTokenLimit() throws {
        #expect(ParseOptions().maxTokens == 100_000)
        #expect(ParseOptions().maxDepth == 256)
        let source = "{ " + String(repeating: "a ", count: 100_000) + "}"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let error = #expect(throws: Diagnostic.self) { try Parser.parse(source) }
            #expect(error?.message == "document has more than 100000 tokens; parsing stopped")
            #expect(error?.location?.column == 200_001)  // the 100,001st token
        }
        #expect(elapsed < .seconds(5))
        _ = try Parser.parse(source, options: ParseOptions(maxTokens: 100_002))
    }
}
