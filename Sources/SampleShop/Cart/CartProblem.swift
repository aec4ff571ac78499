import BuyflowCore

/// A `CartUserError` or `CartWarning` of a cart mutation.
struct CartProblem: Sendable, Error {
    var code: String
    var message: String
    /// `CartUserError.field`: the path of the input at fault, e.g. `["lines", "0", "quantity"]`.
    var field: [String]?
    /// `CartWarning.target`: the ID of the object concerned.
    var target: String?

    static func error(_ code: String, _ message: String, field: [String]) -> CartProblem {
        CartProblem(code: code, message: message, field: field, target: nil)
    }

    static func warning(_ code: String, _ message: String, target: String) -> CartProblem {
        CartProblem(code: code, message: message, field: nil, target: target)
    }

    var userErrorJSON: JSONValue {
        [
            "code": .string(code),
            "field": field.map { .array($0.map(JSONValue.string)) } ?? .null,
            "message": .string(message),
        ]
    }

    var warningJSON: JSONValue {
        ["code": .string(code), "message": .string(message), "target": .string(target ?? "")]
    }
}

/// What a cart mutation did: the cart after it (nil when there is none), its user errors
/// and warnings. A mutation with user errors changes nothing.
struct CartOutcome: Sendable {
    var cart: CartState?
    var userErrors: [CartProblem] = []
    var warnings: [CartProblem] = []
}
