/// The printer: canonical source text, used in reports as "the expression". Spaces
/// around binary operators, none inside brackets, `, ` between elements, strings in
/// double quotes, numbers as written. Parentheses are printed where they were written,
/// and added where a tree built by hand needs them.
extension Expression: CustomStringConvertible {
    public var description: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .literal(let literal, _):
            Self.write(literal, into: &out)
        case .list(let elements, _):
            out += "["
            Self.write(elements, into: &out)
            out += "]"
        case .path(let path):
            out += path.root
            Self.write(path.components, into: &out)
        case .access(let base, let components, _):
            base.writeOperand(into: &out, parenthesized: base.precedence < Self.postfixPrecedence)
            Self.write(components, into: &out)
        case .unary(let op, let operand, _):
            out += op.symbol
            operand.writeOperand(into: &out, parenthesized: operand.precedence < Self.prefixPrecedence)
        case .binary(let op, let left, let right, _):
            left.writeOperand(into: &out, parenthesized: left.precedence < op.precedence)
            out += " \(op.symbol) "
            right.writeOperand(into: &out, parenthesized: right.precedence <= op.precedence)
        case .call(let function, let arguments, _):
            out += function.name + "("
            Self.write(arguments, into: &out)
            out += ")"
        case .parenthesized(let inner, _):
            out += "("
            inner.write(into: &out)
            out += ")"
        }
    }

    private static let prefixPrecedence = 6
    private static let postfixPrecedence = 7

    /// How tightly the node binds, for deciding on parentheses.
    private var precedence: Int {
        switch self {
        case .binary(let op, _, _, _): op.precedence
        case .unary: Self.prefixPrecedence
        case .literal(.int(let value, _), _) where value < 0: Self.prefixPrecedence
        case .literal(.double(let value, _), _) where value.sign == .minus: Self.prefixPrecedence
        default: 8
        }
    }

    private func writeOperand(into out: inout String, parenthesized: Bool) {
        if parenthesized { out += "(" }
        write(into: &out)
        if parenthesized { out += ")" }
    }

    private static func write(_ expressions: [Expression], into out: inout String) {
        for (position, expression) in expressions.enumerated() {
            if position > 0 { out += ", " }
            expression.write(into: &out)
        }
    }

    private static func write(_ components: [ExpressionPathComponent], into out: inout String) {
        for component in components {
            switch component.kind {
            case .member(let name): out += "." + name
            case .index(let index): out += "[\(index)]"
            case .subscript(let key):
                out += "["
                key.write(into: &out)
                out += "]"
            }
        }
    }

    private static func write(_ literal: ExpressionLiteral, into out: inout String) {
        switch literal {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(_, let text), .double(_, let text): out += text
        case .string(let string): out += quoted(string)
        }
    }

    /// A string literal in double quotes with `"`, `\`, and control characters escaped.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
