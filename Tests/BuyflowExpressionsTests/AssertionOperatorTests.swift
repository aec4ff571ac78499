import BuyflowCore
import Testing
@testable import BuyflowExpressions

@Suite struct AssertionOperatorTests {
    @Test(arguments: [
        (AssertionOperator.equals, 2, 2.0, true),
        (.equals, "2", 2, false),
        (.equals, ["a": 1, "b": [1, 2]], ["b": [1, 2], "a": 1], true),
        (.notEquals, "2", 2, true),
        (.notEquals, nil, nil, false),
        (.contains, ["a", "b"], "b", true),
        (.contains, "hello", "ell", true),
        (.contains, ["k": 1], "k", true),
        (.contains, [1, 2], 3, false),
        (.matches, "gid://shopify/Cart/c1", "^gid://shopify/Cart/", true),
        (.matches, "abc", "^b", false),
        (.exists, "x", true, true),
        (.exists, nil, true, false),
        (.exists, nil, false, true),
        (.type, "x", "string", true),
        (.type, [1], "list", true),
        (.type, [1], "array", true),
        (.type, true, "bool", true),
        (.type, 1.5, "number", true),
        (.type, nil, "object", false),
        (.length, "héllo", 5, true),
        (.length, [1, 2], 2, true),
        (.length, ["a": 1], 2, false),
        (.gt, 3, 2, true),
        (.gt, "160.20", 100, true),
        (.gt, "160.20", 160.2, false),
        (.gte, "160.20", 160.2, true),
        (.gte, "160.20", "160.2", true),
        (.lt, "9.99", "10", true),
        (.lt, "apple", "banana", true),
        (.lte, 2, 2.0, true),
        (.lte, 0.1, "0.1", true),
        (.oneOf, "CAD", ["USD", "CAD"], true),
        (.oneOf, 2, [1, 2.0], true),
        (.oneOf, "EUR", ["USD", "CAD"], false),
    ] as [(AssertionOperator, JSONValue, JSONValue, Bool)])
    func holds(op: AssertionOperator, actual: JSONValue, expected: JSONValue, result: Bool) throws {
        #expect(try op.holds(actual: actual, expected: expected) == result)
    }

    @Test(arguments: [
        (AssertionOperator.length, "abc", "3", "'length' takes a whole number, not a string"),
        (.length, 3, 1, "'length' needs a string, a list or an object, but the value is a number"),
        (.exists, 1, "yes", "'exists' takes true or false, not a string"),
        (.type, 1, "integer", "unknown type 'integer'"),
        (.gt, "abc", 1, "cannot compare a string with a number using '>'"),
        (.gt, true, false, "cannot compare a boolean with a boolean using '>'"),
        (.oneOf, 1, 1, "'oneOf' takes a list, not a number"),
        (.matches, "a", "(", "invalid regular expression"),
        (.matches, 1, "a", "'matches' needs a string, but the value is a number"),
        (.contains, 1, 1, "'contains' cannot look for a number in a number"),
    ] as [(AssertionOperator, JSONValue, JSONValue, String)])
    func misuseIsAnError(op: AssertionOperator, actual: JSONValue, expected: JSONValue, message: String) {
        #expect {
            try op.holds(actual: actual, expected: expected)
        } throws: { error in
            (error as? ExpressionError)?.message.hasPrefix(message) == true
        }
    }

    @Test func symbolsAndNames() {
        #expect(AssertionOperator.allCases.map(\.rawValue) == [
            "equals", "notEquals", "contains", "matches", "exists", "type", "length", "gt", "gte", "lt", "lte", "oneOf",
        ])
        #expect(AssertionOperator.gte.symbol == ">=")
        #expect(AssertionOperator.notEquals.symbol == "!=")
    }
}
