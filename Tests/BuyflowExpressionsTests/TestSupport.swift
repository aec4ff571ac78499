import BuyflowCore
@testable import BuyflowExpressions

/// A step's response and the names around it, shared by the evaluator tests.
let sampleScope = ExpressionScope([
    "data": [
        "cartCreate": [
            "cart": [
                "id": "gid://shopify/Cart/c1?key=abc",
                "totalQuantity": 2,
                "lines": ["nodes": [
                    ["merchandise": ["id": "gid://shopify/ProductVariant/7"], "quantity": 2],
                    ["merchandise": ["id": "gid://shopify/ProductVariant/8"], "quantity": 1],
                ]],
                "cost": ["totalAmount": ["amount": "160.20", "currencyCode": "CAD"]],
                "note": nil,
            ],
            "userErrors": [],
        ],
    ],
    "vars": [
        "qty": 2, "x": "gid://shopify/ProductVariant/7", "name": "Ada", "tags": ["a", "b"], "price": 12.5,
        "amounts": ["1.10", "2.20", "0.05"], "counts": [1, 2, 3], "mixed": [1, 2.5], "i": 1, "key": "name",
        "big": 9_223_372_036_854_775_807, "flag": true,
    ],
    "headers": ["x-request-id": "r-1", "Content-Type": "application/json"],
    "status": 200,
    "errors": [],
    "cartId": "gid://shopify/Cart/c1",
    "steps": ["create-cart": ["status": 201]],
])

func evaluate(_ text: String, in scope: ExpressionScope = sampleScope) throws -> JSONValue {
    try ExpressionEvaluator.evaluate(ExpressionParser.parse(text), in: scope)
}

/// The error of parsing, then evaluating `text`, or nil.
func failure(_ text: String, in scope: ExpressionScope = sampleScope) -> ExpressionError? {
    do {
        _ = try ExpressionEvaluator.evaluate(ExpressionParser.parse(text), in: scope)
        return nil
    } catch {
        return error
    }
}

/// The tree with every operator application in parentheses, to test grouping.
func shape(_ expression: Expression) -> String {
    switch expression {
    case .binary(let op, let left, let right, _): "(\(shape(left)) \(op.symbol) \(shape(right)))"
    case .unary(let op, let operand, _): "(\(op.symbol)\(shape(operand)))"
    case .parenthesized(let inner, _): shape(inner)
    default: expression.description
    }
}
