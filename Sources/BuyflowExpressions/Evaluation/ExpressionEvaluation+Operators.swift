import BuyflowCore

/// Prefix and infix operators.
extension ExpressionEvaluation {
    func unary(_ op: ExpressionUnaryOperator, _ operand: Expression) throws(ExpressionError) -> EvaluatedValue {
        let value = try value(of: operand)
        switch (op, value) {
        case (.not, .json(.bool(let flag))):
            return .json(.bool(!flag))
        case (.negate, .json(.int(let number))):
            let (result, overflow) = Int(0).subtractingReportingOverflow(number)
            guard !overflow else { throw ExpressionError("integer overflow in '-'", at: operand.span) }
            return .json(.int(result))
        case (.negate, .json(.double(let number))):
            return .json(.double(-number))
        case (.negate, .decimal(let number)):
            guard let result = number.negated() else { throw ExpressionError("decimal overflow in '-'", at: operand.span) }
            return .decimal(result)
        case (.not, _):
            throw ExpressionError("'!' needs a boolean, but it is \(value.described)", at: operand.span)
        case (.negate, _):
            throw ExpressionError("'-' needs a number, but it is \(value.described)", at: operand.span)
        }
    }

    func binary(
        _ op: ExpressionBinaryOperator, _ left: Expression, _ right: Expression, span: ExpressionSpan
    ) throws(ExpressionError) -> EvaluatedValue {
        if op == .and || op == .or { return try logical(op, left, right) }
        let a = try value(of: left)
        let b = try value(of: right)
        let leftText = Self.literalText(left)
        let rightText = Self.literalText(right)
        switch op {
        case .equal, .notEqual:
            let same = ExpressionSemantics.equal(a, b, leftText: leftText, rightText: rightText)
            return .json(.bool(op == .equal ? same : !same))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = ExpressionSemantics.compare(a, b, leftText: leftText, rightText: rightText) else {
                throw ExpressionError(
                    "cannot compare \(a.described) with \(b.described) using '\(op.symbol)'", at: span,
                    hint: Self.comparisonHint(a, b))
            }
            let holds = switch op {
            case .less: order < 0
            case .lessOrEqual: order <= 0
            case .greater: order > 0
            default: order >= 0
            }
            return .json(.bool(holds))
        case .plus, .minus:
            return try arithmetic(op, a, b, leftText: leftText, rightText: rightText, span: span)
        case .in:
            return try membership(op, container: b, containerSpan: right.span, element: a, elementSpan: left.span, elementText: leftText)
        case .contains:
            return try membership(op, container: a, containerSpan: left.span, element: b, elementSpan: right.span, elementText: rightText)
        case .matches:
            return try matches(a, b, left: left, right: right)
        case .and, .or:
            preconditionFailure("handled above")
        }
    }

    private static func comparisonHint(_ a: EvaluatedValue, _ b: EvaluatedValue) -> String? {
        switch (a, b) {
        case (.json(.string), .json(.int)), (.json(.string), .json(.double)),
             (.json(.int), .json(.string)), (.json(.double), .json(.string)):
            "money amounts arrive as strings: compare them with decimal(…)"
        default: nil
        }
    }

    private func logical(_ op: ExpressionBinaryOperator, _ left: Expression, _ right: Expression) throws(ExpressionError) -> EvaluatedValue {
        guard case .json(.bool(let first)) = try value(of: left) else {
            throw needsBoolean(op, try value(of: left), at: left.span)
        }
        if op == .and, !first { return .json(.bool(false)) }
        if op == .or, first { return .json(.bool(true)) }
        let second = try value(of: right)
        guard case .json(.bool) = second else { throw needsBoolean(op, second, at: right.span) }
        return second
    }

    private func needsBoolean(_ op: ExpressionBinaryOperator, _ value: EvaluatedValue, at span: ExpressionSpan) -> ExpressionError {
        ExpressionError(
            "'\(op.symbol)' needs booleans, but this is \(value.described)", at: span,
            hint: value.described == "null" ? "use exists(…) to test whether a value is there" : nil)
    }

    private func arithmetic(
        _ op: ExpressionBinaryOperator, _ a: EvaluatedValue, _ b: EvaluatedValue,
        leftText: String?, rightText: String?, span: ExpressionSpan
    ) throws(ExpressionError) -> EvaluatedValue {
        switch (a, b) {
        case (.json(.int(let x)), .json(.int(let y))):
            let (result, overflow) = op == .plus ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y)
            guard !overflow else {
                throw ExpressionError("integer overflow in '\(op.symbol)'", at: span, hint: "use decimal(…) for large amounts")
            }
            return .json(.int(result))
        case (.json(let x), .json(let y)) where x.doubleValue != nil && y.doubleValue != nil:
            let result = op == .plus ? x.doubleValue! + y.doubleValue! : x.doubleValue! - y.doubleValue!
            guard result.isFinite else { throw ExpressionError("number out of range in '\(op.symbol)'", at: span) }
            return .json(.double(result))
        case (.decimal, _), (_, .decimal):
            guard let x = decimalOperand(a, text: leftText), let y = decimalOperand(b, text: rightText) else { break }
            let result = op == .plus ? x.adding(y) : y.negated().flatMap { x.adding($0) }
            guard let result else { throw ExpressionError("decimal overflow in '\(op.symbol)'", at: span) }
            return .decimal(result)
        case (.json(.string(let x)), .json(.string(let y))) where op == .plus:
            guard x.utf8.count + y.utf8.count <= Template.maxRenderedBytes else {
                throw ExpressionError("'+' would make a string longer than \(Template.maxRenderedBytes >> 20) MiB", at: span)
            }
            return .json(.string(x + y))
        case (.json(.array(let x)), .json(.array(let y))) where op == .plus:
            guard x.count + y.count <= Template.maxListCount else {
                throw ExpressionError("'+' would make a list of more than \(Template.maxListCount) items", at: span)
            }
            return .json(.array(x + y))
        default:
            break
        }
        let verb = op == .plus ? "add" : "subtract"
        let hint: String? = switch (a, b) {
        case (.json(.string), _), (_, .json(.string)):
            op == .plus ? "use string(…) to turn a value into text, decimal(…) for amounts" : "use decimal(…) for amounts"
        default: nil
        }
        throw ExpressionError("cannot \(verb) \(b.described) \(op == .plus ? "to" : "from") \(a.described)", at: span, hint: hint)
    }

    /// A decimal, or a number as an exact decimal (not a string: strings go through decimal()).
    private func decimalOperand(_ value: EvaluatedValue, text: String?) -> DecimalNumber? {
        switch value {
        case .decimal(let number): number
        case .json(let json) where json.doubleValue != nil: ExpressionSemantics.decimal(from: json, text: text)
        default: nil
        }
    }

    private func membership(
        _ op: ExpressionBinaryOperator, container: EvaluatedValue, containerSpan: ExpressionSpan,
        element: EvaluatedValue, elementSpan: ExpressionSpan, elementText: String?
    ) throws(ExpressionError) -> EvaluatedValue {
        if let found = ExpressionSemantics.contains(container, element, elementText: elementText) {
            return .json(.bool(found))
        }
        let side = op == .in ? "right" : "left"
        let other = op == .in ? "left" : "right"
        switch container {
        case .json(.string):
            throw ExpressionError(
                "'\(op.symbol)' with a string on its \(side) needs a string on its \(other), but it is \(element.described)",
                at: elementSpan)
        case .json(.object):
            throw ExpressionError(
                "'\(op.symbol)' with an object on its \(side) needs a key (a string) on its \(other), but it is \(element.described)",
                at: elementSpan)
        default:
            throw ExpressionError(
                "'\(op.symbol)' needs a list, a string or an object on its \(side), but it is \(container.described)",
                at: containerSpan)
        }
    }

    private func matches(_ a: EvaluatedValue, _ b: EvaluatedValue, left: Expression, right: Expression) throws(ExpressionError) -> EvaluatedValue {
        guard case .json(.string(let subject)) = a else {
            throw ExpressionError("'matches' needs a string on its left, but it is \(a.described)", at: left.span)
        }
        guard case .json(.string(let pattern)) = b else {
            throw ExpressionError("'matches' needs a pattern (a string) on its right, but it is \(b.described)", at: right.span)
        }
        switch ExpressionRegexCache.firstMatch(pattern, in: subject) {
        case .success(let found):
            return .json(.bool(found))
        case .failure(let problem) where problem.isBudget:
            throw ExpressionError(problem.description, at: right.span)
        case .failure(let problem):
            let line = problem.description.split(separator: "\n").first.map(String.init) ?? ""
            throw ExpressionError("invalid regular expression: \(line)", at: right.span)
        }
    }
}
