import BuyflowCore
import Testing
@testable import BuyflowExpressions

@Suite struct ParserTests {
    @Test(arguments: [
        ("a || b && c", "(a || (b && c))"),
        ("a && b || c", "((a && b) || c)"),
        ("a == b && c != d", "((a == b) && (c != d))"),
        ("a < b == c > d", "((a < b) == (c > d))"),
        ("a + b < c - d", "((a + b) < (c - d))"),
        ("a - b - c", "((a - b) - c)"),
        ("a - (b - c)", "(a - (b - c))"),
        ("!a && b", "((!a) && b)"),
        ("!(a && b)", "(!(a && b))"),
        ("-a + b", "((-a) + b)"),
        ("-x.y[0]", "(-x.y[0])"),
        ("a in b || c contains d", "((a in b) || (c contains d))"),
        ("x matches \"a\" && y", "((x matches \"a\") && y)"),
        ("a + b in c", "((a + b) in c)"),
        ("a == b == c", "((a == b) == c)"),
        ("len(a) + 1 > 2", "((len(a) + 1) > 2)"),
        ("!!a", "(!(!a))"),
        ("1 - -2", "(1 - -2)"),
    ])
    func precedence(text: String, expected: String) throws {
        #expect(shape(try ExpressionParser.parse(text)) == expected)
    }

    @Test(arguments: [
        ("data.cartCreate.cart.lines.nodes[0].merchandise.id == vars.x", "data.cartCreate.cart.lines.nodes[0].merchandise.id == vars.x"),
        ("  a==b  ", "a == b"),
        ("headers['x-request-id']", "headers[\"x-request-id\"]"),
        ("[1,2 , 'three']", "[1, 2, \"three\"]"),
        ("160.20", "160.20"),
        ("(a||b)&&c", "(a || b) && c"),
        ("len( x )", "len(x)"),
        ("steps.create-cart.status", "steps.create-cart.status"),
        ("'say \"hi\"\\n'", "\"say \\\"hi\\\"\\n\""),
        ("gid(cartId).id", "gid(cartId).id"),
        ("list[vars.i]", "list[vars.i]"),
        ("-5", "-5"),
        ("x contains 'a' ", "x contains \"a\""),
        ("null != true", "null != true"),
        ("'\\u00e9\\u{1F600}'", "\"é😀\""),
    ])
    func printsCanonicalText(text: String, expected: String) throws {
        let parsed = try ExpressionParser.parse(text)
        #expect(parsed.description == expected)
        // The printed text parses to the same shape.
        #expect(shape(try ExpressionParser.parse(parsed.description)) == shape(parsed))
    }

    @Test func printerAddsParenthesesToTreesBuiltByHand() {
        let span = ExpressionSpan(offset: 0, length: 0)
        let a = Expression.path(ExpressionPath(root: "a", rootSpan: span))
        let b = Expression.path(ExpressionPath(root: "b", rootSpan: span))
        let sum = Expression.binary(.plus, a, b, span)
        #expect(Expression.binary(.minus, a, sum, span).description == "a - (a + b)")
        #expect(Expression.unary(.not, Expression.binary(.or, a, b, span), span).description == "!(a || b)")
        #expect(Expression.access(sum, [ExpressionPathComponent(.member("c"), span: span)], span).description == "(a + b).c")
    }

    @Test func nodesKnowTheirByteOffsets() throws {
        guard case .binary(.equal, let left, .path(let path), let span) = try ExpressionParser.parse("\"é\" == data.items[2].name")
        else { Issue.record("unexpected shape"); return }
        #expect(left.span == ExpressionSpan(offset: 0, length: 4))  // "é" is two bytes
        #expect(span == ExpressionSpan(offset: 0, length: 26))
        #expect(path.rootSpan == ExpressionSpan(offset: 8, length: 4))
        #expect(path.components.map(\.span) == [
            ExpressionSpan(offset: 13, length: 5), ExpressionSpan(offset: 18, length: 3), ExpressionSpan(offset: 22, length: 4),
        ])
        #expect(path.components.map(\.kind) == [.member("items"), .index(2), .member("name")])
    }

    @Test func literalsKeepTheirText() throws {
        #expect(try ExpressionParser.parse("160.20") == .literal(.double(160.2, text: "160.20"), ExpressionSpan(offset: 0, length: 6)))
        #expect(try ExpressionParser.parse("-3") == .literal(.int(-3, text: "-3"), ExpressionSpan(offset: 0, length: 2)))
        #expect(try ExpressionParser.parse("2e3") == .literal(.double(2000, text: "2e3"), ExpressionSpan(offset: 0, length: 3)))
    }

    /// (text, message, offset, length).
    @Test(arguments: [
        ("", "empty expression", 0, 0),
        ("   ", "empty expression", 0, 3),
        ("a = 1", "unexpected '='", 2, 1),
        ("a & b", "unexpected '&'", 2, 1),
        ("a | b", "unexpected '|'", 2, 1),
        ("\"abc", "unterminated string", 0, 4),
        ("x == 'abc", "unterminated string", 5, 4),
        ("a b", "unexpected 'b' after the expression", 2, 1),
        ("a and b", "unexpected 'and' after the expression", 2, 3),
        ("(a", "expected ')' to close the '(' at byte 0, found the end of the expression", 2, 0),
        ("a)", "unexpected ')' after the expression", 1, 1),
        ("len(a", "expected ',' or ')' in the call, found the end of the expression", 5, 0),
        ("lenn(a)", "unknown function 'lenn'", 0, 4),
        ("len(a, b)", "len() takes 1 argument, got 2", 0, 9),
        ("len()", "len() takes 1 argument, got 0", 0, 5),
        ("a.", "expected a member name after '.', found the end of the expression", 2, 0),
        ("a.0", "expected a member name after '.', found number 0", 2, 1),
        ("a[1", "expected ']' to close the '[' at byte 1, found the end of the expression", 3, 0),
        ("[1, 2", "expected ',' or ']' in the list, found the end of the expression", 5, 0),
        ("[1 2]", "expected ',' or ']' in the list, found number 2", 3, 1),
        ("a ==", "expected an expression, found the end of the expression", 4, 0),
        ("== a", "expected an expression, found '=='", 0, 2),
        ("x in", "expected an expression, found the end of the expression", 4, 0),
        ("in x", "expected an expression, found 'in'", 0, 2),
        ("99999999999999999999", "integer 99999999999999999999 is too large", 0, 20),
        ("1e999", "number 1e999 is out of range", 0, 5),
        ("$x", "unexpected character '$'", 0, 1),
        ("a # b", "unexpected character '#'", 2, 1),
        ("'é' == é", "unexpected character 'é'", 8, 2),
        ("'\\uZZ'", "invalid unicode escape", 1, 2),
        ("x matches '('", "invalid regular expression", 10, 3),
        ("x matches ('[a-')", "invalid regular expression", 11, 5),
    ])
    func parseErrors(text: String, message: String, offset: Int, length: Int) {
        do {
            let parsed = try ExpressionParser.parse(text)
            Issue.record("parsed \(parsed)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.offset == offset)
            #expect(error.length == length)
        }
    }

    @Test func errorsCarryHintsAndSuggestions() {
        #expect(failure("a = 1")?.hint == "use '==' to compare values")
        #expect(failure("lenn(a)")?.suggestion == "len")
        #expect(failure("decimel(a)")?.suggestion == "decimal")
        #expect(failure("frobnicate(a)")?.hint?.contains("len, exists, type, gid, sum, decimal") == true)
        #expect(failure("a and b")?.hint == "use '&&' for 'and'")
        #expect(failure("x matches '('")?.hint?.contains("PCRE2") == true)
    }

    @Test func keywordsAreMemberNamesAfterADot() throws {
        let parsed = try ExpressionParser.parse("data.in.contains.null")
        guard case .path(let path) = parsed else { Issue.record("not a path"); return }
        #expect(path.components.map(\.kind) == [.member("in"), .member("contains"), .member("null")])
    }

    @Test func aMinusInsideAMemberNameNeedsNoSpaces() throws {
        #expect(shape(try ExpressionParser.parse("x.count - 1")) == "(x.count - 1)")
        #expect(shape(try ExpressionParser.parse("x.count-y")) == "x.count-y")
        #expect(shape(try ExpressionParser.parse("count-1")) == "(count - 1)")
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        _ = try ExpressionParser.parse(String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150))
        for hostile in [
            String(repeating: "(", count: 100_000) + "1",
            String(repeating: "!", count: 100_000) + "a",
            String(repeating: "[", count: 100_000),
            "a" + String(repeating: " + a", count: 100_000),
            "a" + String(repeating: "[a", count: 100_000),
            String(repeating: "len(", count: 100_000),
            String(repeating: "-", count: 100_000) + "a",
        ] {
            #expect(throws: ExpressionError.self) { try ExpressionParser.parse(hostile) }
            #expect(failure(hostile)?.message.contains("nested too deeply") == true)
        }
    }

    @Test func nestingJustUnderTheLimitWorksEverywhere() throws {
        let depth = ExpressionParser.maximumDepth - 2
        let texts = [
            String(repeating: "(", count: depth) + "vars.qty" + String(repeating: ")", count: depth),
            String(repeating: "!", count: depth) + "true",
            "1" + String(repeating: " + 1", count: depth - 1),
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
        ]
        for text in texts {
            let expression = try ExpressionParser.parse(text)
            _ = try ExpressionEvaluator.evaluate(expression, in: sampleScope)
            #expect(try ExpressionParser.parse(expression.description).description == expression.description)
            _ = expression.references
            _ = expression.hashValue
        }
        #expect(try evaluate("1" + String(repeating: " + 1", count: depth - 1)) == .int(depth))
    }

    @Test func hostileTextsGiveErrors() {
        for text in ["'\\", "'\\u{110000}'", "'\\u{1234567}'", "'\\uD800'", "\u{0}", "1.", "\"\\u{}\"", "..", "[,]"] {
            #expect(throws: ExpressionError.self) { try ExpressionParser.parse(text) }
        }
    }
}
