import BuyflowCore

/// Evaluates expressions against an ``ExpressionScope``.
///
/// - An undefined root name is an error (with a "did you mean" among the defined names);
///   a missing member, an index out of range, or any step taken from `null` gives `null`.
/// - Reading a member of a list, string, number or boolean is an error.
/// - Type errors (`"a" < 2`, `len(3)`, `1 && true`) are errors located at the offending
///   sub-expression.
/// - Decimals (from `decimal()`, `sum()` or decimal arithmetic) leave as strings in canonical
///   form (`"160.20"`); see ``ExpressionFunction``.
public enum ExpressionEvaluator {
    /// The expression's value as JSON.
    public static func evaluate(_ expression: Expression, in scope: ExpressionScope) throws(ExpressionError) -> JSONValue {
        try ExpressionEvaluation(scope: scope).value(of: expression).json
    }

    /// The expression as a condition (`if`, `poll.until`, an assertion string): it must give a
    /// boolean; `null` counts as false; any other type is an error naming it.
    public static func condition(_ expression: Expression, in scope: ExpressionScope) throws(ExpressionError) -> Bool {
        switch try ExpressionEvaluation(scope: scope).value(of: expression) {
        case .json(.bool(let flag)): return flag
        case .json(.null): return false
        case let other:
            throw ExpressionError(
                "condition must be a boolean, but it is \(other.described)", at: expression.span,
                hint: "compare it with something: == , exists(…), len(…) > 0")
        }
    }
}
