@testable import BuyflowExpressions
import BuyflowCore
import Testing

/// Every match has a step budget: a pattern written to backtrack without end (issue 27,
/// item 11: shapes the old watchdog did not recognise among them) ends with an error or an
/// answer, never a hang; ordinary patterns answer as before.
@Suite("Bounded regular expressions")
struct BoundedRegexTests {
    @Test(arguments: [
        ("^gid://shopify/Cart/", "gid://shopify/Cart/c1", true), ("^\\d+$", "12a", false), ("(a+)+b", "aaab", true),
        ("^[A-Z]{3}$", "CAD", true), ("caf\\w", "café", true), ("^\\p{Lu}", "Élan", true), ("(?i)^SHOES$", "shoes", true),
        ("^.{2}$", "é!", true), ("\\bsold out\\b", "Sold out", false),
    ])
    func ordinaryPatterns(pattern: String, subject: String, matches: Bool) throws {
        #expect(try ExpressionRegexCache.firstMatch(pattern, in: subject).get() == matches)
    }

    /// Exponential or high-polynomial backtracking: the budget ends each one (`nil`), unless
    /// PCRE2's own analysis answers first (a required character the value lacks).
    @Test(arguments: [
        ("^(a?){28}a{28}$", String(repeating: "a", count: 28), nil),
        ("^" + String(repeating: "a*", count: 24) + "b", String(repeating: "a", count: 40) + "c" + "b", nil),
        ("(.*){1}x(.*)(.*)(.*)(.*)(.*)y", "x" + String(repeating: "-", count: 3_000) + "z", false),
        ("(.*){1}x(.*)(.*)(.*)(.*)(.*)y-", "x" + String(repeating: "-", count: 3_000) + "y", nil),
        ("(a+)+$", String(repeating: "a", count: 40) + "!", nil),
        ("(a|aa)+$", String(repeating: "a", count: 60) + "b", nil),
        ("^(\\w+\\s?)*$", String(repeating: "word ", count: 30) + "!", nil),
    ] as [(String, String, Bool?)])
    func hostilePatternsStopAtTheBudget(pattern: String, subject: String, answer: Bool?) throws {
        let result = ExpressionRegexCache.firstMatch(pattern, in: subject)
        switch (result, answer) {
        case (.success(let found), let answer?):
            #expect(found == answer)
        case (.failure(let problem), nil):
            #expect(problem.isBudget)
            #expect(problem.description.contains("gave up on this value after 10000000 steps"), "\(problem)")
        default:
            Issue.record("expected \(answer.map(String.init) ?? "the budget to end the match"), got \(result)")
        }
    }

    @Test("an expression over budget fails with the budget's message")
    func expressionError() throws {
        let expression = try ExpressionParser.parse(#""aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!" matches "(a+)+$""#)
        let error = #expect(throws: ExpressionError.self) {
            _ = try ExpressionEvaluator.evaluate(expression, in: ExpressionScope())
        }
        #expect(error?.message.contains("gave up") == true, "\(error?.message ?? "")")
    }

    @Test("a pattern that does not compile says where", arguments: [("(", 2), ("a{2,1}", 6), ("é[", 3)])
    func compileErrors(pattern: String, column: Int) {
        guard case .failure(let problem) = ExpressionRegexCache.regex(pattern) else {
            Issue.record("\(pattern) compiled")
            return
        }
        #expect(problem.description.hasSuffix("at character \(column)"), "\(problem)")
        #expect(!problem.isBudget)
    }
}
