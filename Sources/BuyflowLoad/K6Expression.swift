import BuyflowCore
import BuyflowExpressions
import BuyflowWorkflow

/// Workflow expressions and templates written as JavaScript over the exported script's
/// scope object `S` and the `bf` helpers (`K6Runtime`).
enum K6Expression {
    /// A JavaScript string literal.
    static func string(_ text: String) -> String { JSONSerializer().string(.string(text)) }

    static func json(_ value: JSONValue) -> String { JSONSerializer().string(value) }

    static func js(_ expression: Expression) -> String {
        switch expression {
        case .literal(let literal, _):
            return json(literal.jsonValue)
        case .list(let items, _):
            return "[" + items.map(js).joined(separator: ", ") + "]"
        case .path(let path):
            return "S[\(string(path.root))]" + components(path.components)
        case .access(let base, let steps, _):
            return "(\(js(base)))" + components(steps)
        case .unary(let op, let operand, _):
            return op == .not ? "!bf.truthy(\(js(operand)))" : "-(\(js(operand)))"
        case .binary(let op, let left, let right, _):
            let a = js(left), b = js(right)
            switch op {
            case .or: return "(bf.truthy(\(a)) || bf.truthy(\(b)))"
            case .and: return "(bf.truthy(\(a)) && bf.truthy(\(b)))"
            case .equal: return "bf.eq(\(a), \(b))"
            case .notEqual: return "!bf.eq(\(a), \(b))"
            case .in: return "bf.contains(\(b), \(a))"
            case .contains: return "bf.contains(\(a), \(b))"
            case .matches: return "bf.matches(\(a), \(b))"
            case .less, .lessOrEqual, .greater, .greaterOrEqual: return "bf.cmp(\(a), \(b), \(string(op.rawValue)))"
            case .plus: return "bf.add(\(a), \(b))"
            case .minus: return "(Number(\(a)) - Number(\(b)))"
            }
        case .call(let function, let arguments, _):
            return "bf.\(function.rawValue)(\(arguments.map(js).joined(separator: ", ")))"
        case .parenthesized(let inner, _):
            return "(\(js(inner)))"
        }
    }

    static func components(_ components: [ExpressionPathComponent]) -> String {
        components.map { component in
            switch component.kind {
            case .member(let name): "?.[\(string(name))]"
            case .index(let index): index < 0 ? "?.at(\(index))" : "?.[\(index)]"
            case .subscript(let key): "?.[\(js(key))]"
            }
        }.joined()
    }

    /// A template: one expression keeps its value; text and expressions make a string.
    static func js(_ template: Template) -> String {
        if template.parts.count == 1, case .expression(let expression, _) = template.parts[0] { return js(expression) }
        let parts = template.parts.map { part -> String in
            switch part {
            case .text(let text): string(text)
            case .expression(let expression, _): "bf.text(\(js(expression)))"
            }
        }
        return parts.isEmpty ? "\"\"" : parts.joined(separator: " + ")
    }

    static func js(_ value: ValueTemplate) -> String {
        switch value.node {
        case .literal(let literal): json(literal)
        case .template(let template, _): js(template)
        case .list(let items): "[" + items.map(js).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\(string($0.key)): \(js($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A duration setting in milliseconds.
    static func milliseconds(_ setting: Setting<Duration>) -> String {
        switch setting {
        case .literal(let duration): number(ThresholdEvaluator.milliseconds(duration))
        case .template(let template): "bf.ms(\(js(template)))"
        }
    }

    /// A number as a script writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func integer(_ setting: Setting<Int>) -> String {
        switch setting {
        case .literal(let value): String(value)
        case .template(let template): "Number(\(js(template)))"
        }
    }

    /// An assertion as a boolean JavaScript expression.
    static func js(_ assertion: Assertion) -> String {
        switch assertion.check {
        case .expression(let parsed):
            return "bf.truthy(\(js(parsed.expression)))"
        case .comparison(let that, let op, let expected):
            let a = js(that.expression), b = js(expected)
            switch op {
            case .equals: return "bf.eq(\(a), \(b))"
            case .notEquals: return "!bf.eq(\(a), \(b))"
            case .contains: return "bf.contains(\(a), \(b))"
            case .matches: return "bf.matches(\(a), \(b))"
            case .exists: return "(bf.exists(\(a)) === \(b))"
            case .type: return "(bf.type(\(a)) === \(b))"
            case .length: return "(bf.len(\(a)) === Number(\(b)))"
            case .gt: return "bf.cmp(\(a), \(b), '>')"
            case .gte: return "bf.cmp(\(a), \(b), '>=')"
            case .lt: return "bf.cmp(\(a), \(b), '<')"
            case .lte: return "bf.cmp(\(a), \(b), '<=')"
            case .oneOf: return "(\(b)).some((x) => bf.eq(\(a), x))"
            }
        }
    }
}
