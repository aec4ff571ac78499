@testable import BuyflowExpressions
import BuyflowCore
import Testing

/// Patterns that may backtrack exponentially are matched under a watchdog, so a hostile
/// pattern fails the expression instead of hanging the run.
@Suite struct RegexRiskTests {
    @Test(arguments: [
        ("(a+)+$", true), ("(a*)*", true), ("(a|aa)*", true), ("(\\w+\\s?)*$", true), ("((ab)+c)+", true),
        ("(x+){2,}", true), ("^gid://shopify/Order/", false), ("a+b*", false), ("(ab)+", false), ("[(a+)+]", false),
        ("\\(a+\\)+", false), ("(a+){1}", false), ("(a+)?", false), ("^[A-Z]{3}$", false),
    ])
    func risk(pattern: String, risky: Bool) {
        #expect(RegexRisk.mayBacktrackExponentially(pattern) == risky)
    }

    @Test func aSafePatternMatchesDirectly() throws {
        #expect(try ExpressionRegexCache.firstMatch("^gid://shopify/Cart/", in: "gid://shopify/Cart/c1").get())
        #expect(try !ExpressionRegexCache.firstMatch("^\\d+$", in: "12a").get())
    }

    @Test func aRiskyPatternThatFinishesStillAnswers() throws {
        #expect(try ExpressionRegexCache.firstMatch("(a+)+b", in: "aaab").get())
    }

    @Test func anExponentialMatchIsAnErrorWithinTheWatchdog() throws {
        let start = ContinuousClock.now
        let expression = try ExpressionParser.parse(#""aaaaaaaaaaaaaaaaaaaaaaaaaaaa!" matches "(a+)+$""#)
        let error = #expect(throws: ExpressionError.self) {
            _ = try ExpressionEvaluator.evaluate(expression, in: ExpressionScope())
        }
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(error?.message.contains("backtrack exponentially") == true)
    }
}
