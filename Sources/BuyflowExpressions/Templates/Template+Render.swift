import BuyflowCore

extension Template {
    /// The longest text a template or a `+` of strings may make (16 MiB), and the most
    /// items a `+` of lists may make: templates that double (`${{ vars.v0 }}${{ vars.v0 }}`,
    /// then `v2` of two `v1`s, …) end with an error, not with gigabytes.
    public static let maxRenderedBytes = 16 << 20
    public static let maxListCount = 1 << 20

    /// The value of the template in `scope`: for a single template, the expression's value
    /// itself; else the text with each expression's value inserted (strings as they are,
    /// anything else as compact JSON). Errors are located in the whole string.
    public func render(in scope: ExpressionScope) throws(ExpressionError) -> JSONValue {
        if isSingleExpression {
            for case .expression(let expression, let offset) in parts {
                return try Self.evaluate(expression, offset: offset, in: scope)
            }
        }
        var out = ""
        for part in parts {
            switch part {
            case .text(let text):
                out += text
            case .expression(let expression, let offset):
                switch try Self.evaluate(expression, offset: offset, in: scope) {
                case .string(let string): out += string
                case let other: out += other.description
                }
                guard out.utf8.count <= Self.maxRenderedBytes else {
                    throw ExpressionError(
                        "the rendered text is longer than \(Self.maxRenderedBytes >> 20) MiB", offset: offset, length: expression.span.length,
                        hint: "a template that repeats a value doubles it each time it is reused")
                }
            }
        }
        return .string(out)
    }

    private static func evaluate(_ expression: Expression, offset: Int, in scope: ExpressionScope) throws(ExpressionError) -> JSONValue {
        do {
            return try ExpressionEvaluator.evaluate(expression, in: scope)
        } catch {
            throw error.shifted(by: offset)
        }
    }
}
