import BuyflowCore
@testable import GraphQLKit
import Testing

/// The tokens of `source` as (kind, text) pairs, `<EOF>` left out.
private func tokens(_ source: String) throws(Diagnostic) -> [Lexed] {
    try Lexer.withLexer(source) { (lexer) throws(Diagnostic) -> [Lexed] in
        var result: [Lexed] = []
        while true {
            let token = try lexer.next()
            if token.kind == .eof { return result }
            result.append(Lexed(token.kind, lexer.text(of: token)))
        }
    }
}

/// The first token of `source`, with its value when it is a string.
private func firstToken(_ source: String) throws(Diagnostic) -> (token: Token, value: String?) {
    try Lexer.withLexer(source) { (lexer) throws(Diagnostic) in
        let token = try lexer.next()
        let value = token.kind == .string || token.kind == .blockString ? lexer.stringValue(of: token) : nil
        return (token, value)
    }
}

private func lexError(_ source: String) -> Diagnostic? {
    do {
        _ = try tokens(source)
        return nil
    } catch {
        return error
    }
}

struct Lexed: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    init(_ kind: TokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }
    var description: String { "\(kind) \(text)" }
}

@Suite("Lexer")
struct LexerTests {
    // MARK: - Token kinds

    @Test(arguments: [
        ("!", TokenKind.bang), ("$", .dollar), ("&", .amp), ("(", .parenL), (")", .parenR),
        ("...", .spread), (":", .colon), ("=", .equals), ("@", .at), ("[", .bracketL), ("]", .bracketR),
        ("{", .braceL), ("|", .pipe), ("}", .braceR),
        ("a", .name), ("_", .name), ("__typename", .name), ("Z9_x", .name), ("on", .name), ("true", .name),
        ("0", .int), ("-0", .int), ("123", .int), ("-9", .int), ("1234567890", .int),
        ("0.0", .float), ("1.5", .float), ("-1.5", .float), ("1e3", .float), ("1E3", .float),
        ("1e-3", .float), ("6.02e+23", .float), ("-0.5e0", .float), ("0e0", .float),
        ("\"\"", .string), ("\"text\"", .string), ("\"\"\"\"\"\"", .blockString), ("\"\"\"block\"\"\"", .blockString),
    ])
    func tokenKind(source: String, kind: TokenKind) throws {
        #expect(try tokens(source) == [Lexed(kind, source)])
        // The same token surrounded by ignored tokens.
        #expect(try tokens("\u{FEFF} ,\t\n# comment\r\n\(source) ,\r") == [Lexed(kind, source)])
    }

    @Test func punctuatorsNeedNoSpaces() throws {
        #expect(try tokens("{a(b:$c)@d...e[f]|g&h!}=") == [
            Lexed(.braceL, "{"), Lexed(.name, "a"), Lexed(.parenL, "("), Lexed(.name, "b"), Lexed(.colon, ":"),
            Lexed(.dollar, "$"), Lexed(.name, "c"), Lexed(.parenR, ")"), Lexed(.at, "@"), Lexed(.name, "d"),
            Lexed(.spread, "..."), Lexed(.name, "e"), Lexed(.bracketL, "["), Lexed(.name, "f"),
            Lexed(.bracketR, "]"), Lexed(.pipe, "|"), Lexed(.name, "g"), Lexed(.amp, "&"), Lexed(.name, "h"),
            Lexed(.bang, "!"), Lexed(.braceR, "}"), Lexed(.equals, "="),
        ])
    }

    @Test func commasAndCommentsAreIgnored() throws {
        #expect(try tokens(",,a,,b # c d\n,e#f") == [Lexed(.name, "a"), Lexed(.name, "b"), Lexed(.name, "e")])
        #expect(try tokens("# only a comment") == [])
        #expect(try tokens("") == [])
        #expect(try tokens(" \t\n\r\n\r,\u{FEFF}") == [])
    }

    @Test func numbersEndAtPunctuatorsAndSpaces() throws {
        #expect(try tokens("1 2,3]-4)5.5}") == [
            Lexed(.int, "1"), Lexed(.int, "2"), Lexed(.int, "3"), Lexed(.bracketR, "]"), Lexed(.int, "-4"),
            Lexed(.parenR, ")"), Lexed(.float, "5.5"), Lexed(.braceR, "}"),
        ])
    }

    @Test(arguments: [
        ("00", "invalid number, unexpected digit after 0: '0'", 2),
        ("01", "invalid number, unexpected digit after 0: '1'", 2),
        ("-01", "invalid number, unexpected digit after 0: '1'", 3),
        ("1.", "invalid number, expected digit after '.', found <EOF>", 3),
        ("1.a", "invalid number, expected digit after '.', found 'a'", 3),
        ("1.e3", "invalid number, expected digit after '.', found 'e'", 3),
        ("1.5.", "invalid number, unexpected '.' right after the number", 4),
        ("1.2.3", "invalid number, unexpected '.' right after the number", 4),
        ("1e", "invalid number, expected digit in exponent, found <EOF>", 3),
        ("1e+", "invalid number, expected digit in exponent, found <EOF>", 4),
        ("1ea", "invalid number, expected digit in exponent, found 'a'", 3),
        ("1e1.5", "invalid number, unexpected '.' right after the number", 4),
        ("1a", "invalid number, unexpected 'a' right after the number", 2),
        ("1_", "invalid number, unexpected '_' right after the number", 2),
        ("123abc", "invalid number, unexpected 'a' right after the number", 4),
        ("0x1F", "invalid number, unexpected 'x' right after the number", 2),
        ("1.5e3E", "invalid number, unexpected 'E' right after the number", 6),
        ("-", "invalid number, expected digit after '-', found <EOF>", 2),
        ("-a", "invalid number, expected digit after '-', found 'a'", 2),
        ("- 1", "invalid number, expected digit after '-', found ' '", 2),
        ("+1", "unexpected character '+'", 1),
        (".5", "unexpected character '.'", 1),
    ])
    func invalidNumber(source: String, message: String, column: Int) {
        let error = lexError(source)
        #expect(error?.message == message)
        #expect(error?.location == SourceLocation(file: "<document>", line: 1, column: column))
        #expect(error?.code == "graphql.syntax")
        #expect(error?.severity == .error)
    }

    // MARK: - Strings

    @Test(arguments: [
        (#""""#, ""),
        (#""simple""#, "simple"),
        (#"" white space ""#, " white space "),
        (#""quote \"""#, "quote \""),
        (#""escaped \n\r\b\t\f""#, "escaped \n\r\u{8}\t\u{C}"),
        (#""slashes \\ \/""#, "slashes \\ /"),
        (#""unicode \u1234\u5678\u90AB\uCDEF""#, "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"),
        (#""lower \u00e9 upper \u00C9""#, "lower é upper É"),
        (#""\u0000 nul""#, "\u{0} nul"),
        (#""\u{1F600}""#, "😀"),
        (#""\u{0}\u{41}\u{10FFFF}""#, "\u{0}A\u{10FFFF}"),
        (#""\u{000041}""#, "A"),
        (#""pair \uD83D\uDE00""#, "pair 😀"),
        (#""lower pair \ud83d\ude00""#, "lower pair 😀"),
        ("\"raw café ☕ 😀\"", "raw café ☕ 😀"),
        ("\"raw\ttab\"", "raw\ttab"),
        ("\"del \u{7F} and U+0085 \u{85}\"", "del \u{7F} and U+0085 \u{85}"),
        ("\"# not a comment\"", "# not a comment"),
    ])
    func stringValue(source: String, value: String) throws {
        let (token, decoded) = try firstToken(source)
        #expect(token.kind == .string)
        #expect(decoded == value)
        #expect(token.end == source.utf8.count)
    }

    @Test(arguments: [
        ("\"", "unterminated string", 1),
        ("\"no end", "unterminated string", 1),
        ("  \"multi\nline\"", "unterminated string", 3),
        ("\"multi\rline\"", "unterminated string", 1),
        ("\"escaped quote at end\\\"", "unterminated string", 1),
        ("\"bell \u{7}\"", "invalid character within String: U+0007", 7),
        ("\"nul \u{0} byte\"", "invalid character within String: U+0000", 6),
        ("\"é\u{1B}\"", "invalid character within String: U+001B", 3),
        (#""\x""#, #"invalid escape sequence '\x'"#, 2),
        (#""ab\z""#, #"invalid escape sequence '\z'"#, 4),
        (#""\u12""#, #"invalid Unicode escape sequence '\u12'"#, 2),
        (#""\uXYZW""#, #"invalid Unicode escape sequence '\u'"#, 2),
        (#""\uD83D""#, #"invalid Unicode escape sequence '\uD83D'"#, 2),
        (#""\uDE00""#, #"invalid Unicode escape sequence '\uDE00'"#, 2),
        (#""\uD83D\u0041""#, #"invalid Unicode escape sequence '\uD83D'"#, 2),
        (#""\uD83Dx""#, #"invalid Unicode escape sequence '\uD83D'"#, 2),
        (#""\u{}""#, #"invalid Unicode escape sequence '\u{}'"#, 2),
        (#""\u{110000}""#, #"invalid Unicode escape sequence '\u{110000}'"#, 2),
        (#""\u{D800}""#, #"invalid Unicode escape sequence '\u{D800}'"#, 2),
        (#""\u{1F600""#, #"invalid Unicode escape sequence '\u{1F600'"#, 2),
        (#""\u{G}""#, #"invalid Unicode escape sequence '\u{'"#, 2),
        ("\"\"\"unterminated", "unterminated block string", 1),
        ("\"\"\"two\nlines\"\"", "unterminated block string", 1),
        ("\"\"\"bell \u{7}\"\"\"", "invalid character within String: U+0007", 9),
        ("\"\"\"\nline two \u{8}\"\"\"", "invalid character within String: U+0008", 10),
    ])
    func invalidString(source: String, message: String, column: Int) throws {
        let error = try #require(lexError(source))
        #expect(error.message == message)
        let line = message.contains("U+0008") ? 2 : 1
        #expect(error.location == SourceLocation(file: "<document>", line: line, column: column))
    }

    @Test func unterminatedStringHints() throws {
        #expect(lexError("\"abc\n\"")?.hint == "a string ends on the line it starts on; a block string (\"\"\"…\"\"\") may span lines")
        #expect(lexError("\"abc")?.hint == "the string's closing '\"' is missing")
        #expect(lexError(#""\q""#)?.hint?.contains(#"\uXXXX"#) == true)
    }

    // MARK: - Block strings

    @Test(arguments: [
        (#""""""""#, ""),
        (#""""simple""""#, "simple"),
        (#"""" white space """"#, " white space "),
        (#""""contains " quote""""#, "contains \" quote"),
        (#""""contains \""" triple quote""""#, "contains \"\"\" triple quote"),
        (#""""\"""\"""""""#, "\"\"\"\"\"\""),
        ("\"\"\"multi\nline\"\"\"", "multi\nline"),
        ("\"\"\"multi\rline\r\nnormalized\"\"\"", "multi\nline\nnormalized"),
        (#""""unescaped \n\r\b\t\f\u1234""""#, #"unescaped \n\r\b\t\f\u1234"#),
        (#""""slashes \\ \/""""#, #"slashes \\ \/"#),
        ("\"\"\"\n\n        spans\n          multiple\n            lines\n\n        \"\"\"", "spans\n  multiple\n    lines"),
        ("\"\"\"  first line keeps its indentation\n  second\"\"\"", "  first line keeps its indentation\nsecond"),
        ("\"\"\"\n  a\n   \n  b\n\"\"\"", "a\n \nb"),
        ("\"\"\"\n\tfoo\n\t\tbar\n\"\"\"", "foo\n\tbar"),
        ("\"\"\"   \n  \n\t\"\"\"", ""),
        ("\"\"\"\n    \\\"\"\" escaped\n    x\n\"\"\"", "\"\"\" escaped\nx"),
        ("\"\"\"\n  café ☕\n    😀\n\"\"\"", "café ☕\n  😀"),
    ])
    func blockStringValue(source: String, value: String) throws {
        let (token, decoded) = try firstToken(source)
        #expect(token.kind == .blockString)
        #expect(decoded == value)
        #expect(token.end == source.utf8.count)
    }

    // MARK: - Locations

    @Test(arguments: [
        ("a\nb", 2, 1, 2),
        ("a\r\nb", 2, 1, 3),
        ("a\rb", 2, 1, 2),
        ("a\r\rb", 3, 1, 3),
        ("a\n\r\nb", 3, 1, 4),
        ("\u{FEFF}b", 1, 2, 3),
        ("\"é\" b", 1, 5, 5),
        ("\"😀\" b", 1, 5, 7),
        ("# ☕ comment\n  b", 2, 3, 16),
        ("\"\"\"a\nb\"\"\" b", 2, 6, 10),
        ("\"\"\"é\r\n😀\"\"\"\tb", 2, 6, 15),
        ("  \t  b", 1, 6, 5),
    ])
    func location(source: String, line: Int, column: Int, offset: Int) throws {
        let last = try Lexer.withLexer(source) { (lexer) throws(Diagnostic) -> Token in
            var last = try lexer.next()
            while true {
                let token = try lexer.next()
                if token.kind == .eof { return last }
                last = token
            }
        }
        #expect(last.kind == .name)
        #expect(last.line == line)
        #expect(last.column == column)
        #expect(last.start == offset)
        #expect(last.end == offset + 1)
    }

    @Test func endOfFileToken() throws {
        let token = try Lexer.withLexer("a\n  ") { (lexer) throws(Diagnostic) -> Token in
            _ = try lexer.next()
            _ = try lexer.next()
            return try lexer.next()  // <EOF> again
        }
        #expect(token.kind == .eof)
        #expect(token.start == 4)
        #expect(token.line == 2)
        #expect(token.column == 3)
    }

    // MARK: - Errors

    @Test(arguments: [
        ("?", "unexpected character '?'", 1),
        ("a ~", "unexpected character '~'", 3),
        ("\u{7}", "unexpected character U+0007", 1),
        ("a # comment then \u{7}", "unexpected character U+0007", 18),
        ("é", "unexpected character 'é' (U+00E9)", 1),
        ("\"é\" ☕", "unexpected character '☕' (U+2615)", 5),
        ("\u{A0}", "unexpected character U+00A0", 1),
        ("\u{200B}", "unexpected character U+200B", 1),
        ("..", "unexpected character '.'", 1),
        ("a.b", "unexpected character '.'", 2),
        ("'a'", "unexpected character \"'\"", 1),
        ("\u{FEFF}\u{FEFF}%", "unexpected character '%'", 3),
    ])
    func unexpectedCharacter(source: String, message: String, column: Int) {
        let error = lexError(source)
        #expect(error?.message == message)
        #expect(error?.location?.column == column)
        #expect(error?.location?.line == 1)
    }

    @Test func unexpectedCharacterHints() {
        #expect(lexError("..")?.hint == "did you mean '...'?")
        #expect(lexError(".5")?.hint == "a number needs a digit before its '.', as in 0.5")
        #expect(lexError("'a'")?.hint == "strings are written between double quotes")
        #expect(lexError("é")?.hint?.hasPrefix("names may contain only ASCII letters") == true)
        #expect(lexError("01")?.hint == "GraphQL numbers are written without leading zeros")
    }

    @Test func errorOnALaterLine() throws {
        let error = try #require(lexError("a\r\n  b\n\"\"\"\n\n\"\"\" é? ?"))
        #expect(error.location == SourceLocation(file: "<document>", line: 5, column: 5))
    }

    @Test func tokenLimit() throws {
        let count = try Lexer.withLexer("a b c", maxTokens: 3) { (lexer) throws(Diagnostic) -> Int in
            var count = 0
            while try lexer.next().kind != .eof { count += 1 }
            return count
        }
        #expect(count == 3)
        #expect(throws: Diagnostic.self) {
            try Lexer.withLexer("a b c d", maxTokens: 3) { (lexer) throws(Diagnostic) in
                while try lexer.next().kind != .eof {}
            }
        }
    }
}
