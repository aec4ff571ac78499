import BuyflowCore
import Foundation
import Testing
@testable import BuyflowExpressions

@Suite struct EvaluatorTests {
    @Test(arguments: [
        // Paths, null on missing.
        ("data.cartCreate.cart.lines.nodes[0].merchandise.id == vars.x", true),
        ("data.cartCreate.cart.totalQuantity", 2),
        ("data.cartCreate.cart.missing", nil),
        ("data.cartCreate.cart.missing.deeper[3].x", nil),
        ("data.cartCreate.cart.lines.nodes[5]", nil),
        ("data.cartCreate.cart.lines.nodes[-1]", nil),
        ("data.cartCreate.cart.lines.nodes[vars.i].quantity", 1),
        ("data[\"cartCreate\"].cart.totalQuantity", 2),
        ("vars[vars.key]", "Ada"),
        ("steps.create-cart.status", 201),
        ("data.cartCreate.cart.note", nil),
        ("[10, 20, 30][1]", 20),
        ("gid(cartId).id", "c1"),
        // Literals.
        ("'single'", "single"),
        ("\"tab\\tend\"", "tab\tend"),
        ("'\\d+'", "\\d+"),
        ("[1, 'a', null, true]", [1, "a", nil, true]),
        ("-2.5", -2.5),
        // Equality: deep and typed.
        ("\"2\" == 2", false),
        ("\"2\" != 2", true),
        ("2 == 2.0", true),
        ("0.5 == 1 - 0.5", true),
        ("null == null", true),
        ("data.cartCreate.cart.missing == null", true),
        ("[1, [2, 3]] == [1, [2, 3.0]]", true),
        ("[1, 2] == [2, 1]", false),
        ("data.cartCreate.cart.cost.totalAmount == data.cartCreate.cart.cost.totalAmount", true),
        ("true == 1", false),
        ("vars.big == 9223372036854775807", true),
        ("vars.big == 9223372036854775807.0", false),
        // Ordering.
        ("1 < 2", true),
        ("2 <= 2", true),
        ("3 > 2.5", true),
        ("2.5 >= 3", false),
        ("'apple' < 'banana'", true),
        ("'b' >= 'a'", true),
        // Logic.
        ("true && false", false),
        ("false || true", true),
        ("!false", true),
        ("false && undefinedName", false),
        ("true || 1", true),
        // Arithmetic.
        ("1 + 2", 3),
        ("7 - 10", -3),
        ("1 + 0.5", 1.5),
        ("'ab' + 'cd'", "abcd"),
        ("[1] + [2, 3]", [1, 2, 3]),
        ("-vars.qty", -2),
        ("vars.qty + 1 == 3", true),
        // Membership.
        ("'a' in vars.tags", true),
        ("'z' in vars.tags", false),
        ("2 in [1, 2.0]", true),
        ("'Ad' in vars.name", true),
        ("'' in vars.name", true),
        ("'qty' in vars", true),
        ("'nope' in vars", false),
        ("vars.tags contains 'b'", true),
        ("vars.name contains 'da'", true),
        ("vars contains 'name'", true),
        // Regex search.
        ("cartId matches '^gid://shopify/Cart/'", true),
        ("cartId matches '^\\d+$'", false),
        ("'order 42' matches '\\d+'", true),
        ("'ABC' matches '(?i)abc'", true),
        ("vars.name matches vars.name", true),
        // Functions.
        ("len('héllo')", 5),
        ("len('👩‍👩‍👧')", 1),
        ("len(vars.tags)", 2),
        ("len(vars)", 12),
        ("exists(data.cartCreate.cart.id)", true),
        ("exists(data.cartCreate.cart.note)", false),
        ("exists(data.cartCreate.cart.nope)", false),
        ("exists(neverCaptured)", false),
        ("exists(neverCaptured.deeper)", false),
        ("type(null)", "null"),
        ("type(true)", "boolean"),
        ("type(1)", "number"),
        ("type(1.5)", "number"),
        ("type('s')", "string"),
        ("type(vars.tags)", "list"),
        ("type(vars)", "object"),
        ("type(decimal('1'))", "number"),
        ("gid('gid://shopify/ProductVariant/7')", ["type": "ProductVariant", "id": "7"]),
        ("gid(data.cartCreate.cart.id)", ["type": "Cart", "id": "c1", "query": "key=abc"]),
        ("gid('gid://shopify/ProductVariant/7').type == 'ProductVariant'", true),
        ("gid('not a gid')", nil),
        ("gid('gid://shopify/Product')", nil),
        ("sum(vars.counts)", 6),
        ("sum([])", 0),
        ("sum(vars.mixed)", 3.5),
        ("sum(vars.amounts)", "3.35"),
        ("sum(vars.amounts) == decimal('3.35')", true),
        ("lower('AbC')", "abc"),
        ("upper('AbC')", "ABC"),
        ("string(12)", "12"),
        ("string('x')", "x"),
        ("string(vars.tags)", "[\"a\",\"b\"]"),
        ("string(decimal('1.50'))", "1.50"),
        ("number('42')", 42),
        ("number('1.5')", 1.5),
        ("number(3)", 3),
        ("number(decimal('2.50'))", 2.5),
        // Case-insensitive headers.
        ("headers['x-request-id']", "r-1"),
        ("headers['X-Request-ID']", "r-1"),
        ("headers['content-type']", "application/json"),
        ("headers.missing", nil),
    ] as [(String, JSONValue)])
    func evaluates(text: String, expected: JSONValue) throws {
        let value = try evaluate(text)
        #expect(value == expected, "\(text) gave \(value)")
    }

    /// (text, message prefix, offset, length).
    @Test(arguments: [
        ("\"a\" < 2", "cannot compare a string with a number using '<'", 0, 7),
        ("len(3)", "len() needs a string, a list or an object, but it is a number", 4, 1),
        ("len(data.nothing)", "len() needs a string, a list or an object, but it is null", 4, 12),
        ("cartid == 1", "undefined name 'cartid'", 0, 6),
        ("1 && true", "'&&' needs booleans, but this is a number", 0, 1),
        ("false || true && 'x'", "'&&' needs booleans, but this is a string", 17, 3),
        ("!'x'", "'!' needs a boolean, but it is a string", 1, 3),
        ("-'x'", "'-' needs a number, but it is a string", 1, 3),
        ("1 + 'a'", "cannot add a string to a number", 0, 7),
        ("'a' - 'b'", "cannot subtract a string from a string", 0, 9),
        ("vars.big + 1", "integer overflow in '+'", 0, 12),
        ("-9223372036854775807 - 2", "integer overflow in '-'", 0, 24),
        ("1e308 + 1e308", "number out of range in '+'", 0, 13),
        ("1 in 2", "'in' needs a list, a string or an object on its right, but it is a number", 5, 1),
        ("1 in 'abc'", "'in' with a string on its right needs a string on its left, but it is a number", 0, 1),
        ("vars contains 1", "'contains' with an object on its left needs a key (a string) on its right", 14, 1),
        ("1 matches 'a'", "'matches' needs a string on its left, but it is a number", 0, 1),
        ("'a' matches 1", "'matches' needs a pattern (a string) on its right, but it is a number", 12, 1),
        ("'a' matches vars.tags[0] + '('", "invalid regular expression", 12, 18),
        ("vars.tags.first", "cannot read member 'first' of a list", 10, 5),
        ("vars.name.first", "cannot read member 'first' of a string", 10, 5),
        ("vars[0]", "cannot take element 0 of an object", 4, 3),
        ("vars.tags[true]", "a subscript must be a string or a whole number, but it is a boolean", 10, 4),
        ("decimal('abc')", "\"abc\" is not a decimal number", 8, 5),
        ("decimal(true)", "decimal() needs a string or a number, but it is a boolean", 8, 4),
        ("sum([1, null])", "sum() needs numbers or decimal strings, but element 1 is null", 4, 9),
        ("sum(['1', 'x'])", "sum() cannot read element 1 (\"x\") as a decimal", 4, 10),
        ("sum([vars.big, 1])", "integer overflow in sum()", 4, 13),
        ("gid(1)", "gid() needs a string, but it is a number", 4, 1),
        ("number('abc')", "\"abc\" is not a number", 7, 5),
        ("number('inf')", "\"inf\" is not a number", 7, 5),
        ("lower(1)", "lower() needs a string, but it is a number", 6, 1),
    ])
    func runtimeErrors(text: String, message: String, offset: Int, length: Int) throws {
        _ = try ExpressionParser.parse(text)
        let error = try #require(failure(text))
        #expect(error.message.hasPrefix(message), "\(error.message)")
        #expect(error.offset == offset, "\(error.message)")
        #expect(error.length == length, "\(error.message)")
    }

    @Test func undefinedNamesSuggestDefinedOnes() throws {
        let error = try #require(failure("cartid == 1"))
        #expect(error.suggestion == "cartId")
        #expect(error.hint?.hasPrefix("the names defined here are cartId, data, errors") == true)
        #expect(failure("vras.qty")?.suggestion == "vars")
        #expect(failure("x", in: ExpressionScope())?.hint == nil)
    }

    @Test(arguments: [
        ("status == 200", true),
        ("status != 200", false),
        ("data.cartCreate.cart.note", false),
        ("vars.flag", true),
    ])
    func conditions(text: String, expected: Bool) throws {
        #expect(try ExpressionEvaluator.condition(ExpressionParser.parse(text), in: sampleScope) == expected)
    }

    @Test(arguments: [("status", "a number"), ("vars.name", "a string"), ("vars.tags", "a list")])
    func conditionsMustBeBooleans(text: String, described: String) throws {
        let expression = try ExpressionParser.parse(text)
        #expect(throws: ExpressionError("condition must be a boolean, but it is \(described)", offset: 0, length: text.utf8.count,
                                        hint: "compare it with something: == , exists(…), len(…) > 0")) {
            try ExpressionEvaluator.condition(expression, in: sampleScope)
        }
    }

    @Test func caseInsensitiveRootsAreConfigurable() throws {
        var scope = ExpressionScope(["headers": ["X-Thing": "1"], "vars": ["Name": "a"]], caseInsensitiveRoots: [])
        #expect(try evaluate("headers['x-thing']", in: scope) == nil)
        scope.caseInsensitiveRoots = ["headers", "vars"]
        #expect(try evaluate("headers['x-thing']", in: scope) == "1")
        #expect(try evaluate("vars.name", in: scope) == "a")
        #expect(try evaluate("vars.Name", in: scope) == "a")
    }

    @Test func scopeIsEditable() throws {
        var scope = ExpressionScope()
        scope["cartId"] = "c9"
        #expect(try evaluate("cartId", in: scope) == "c9")
        #expect(Set(scope.names) == ["cartId"])
    }

    /// A literal pattern is compiled when the expression is parsed and never again: the
    /// cache keeps the same compilation however often the expression is evaluated. (The
    /// pattern is unique to this test, so tests running at once share nothing.)
    @Test func regexesAreCompiledOnce() throws {
        let pattern = "^gid://shopify/(Cart|Checkout)/[a-z0-9]+$|^\(UUID().uuidString)$"
        let expression = try ExpressionParser.parse("cartId matches '\(pattern)'")
        let serial = try #require(ExpressionRegexCache.compilationSerial(of: pattern), "compiled when parsed")
        for _ in 0..<100 { #expect(try ExpressionEvaluator.condition(expression, in: sampleScope)) }
        #expect(ExpressionRegexCache.compilationSerial(of: pattern) == serial)
    }
}
