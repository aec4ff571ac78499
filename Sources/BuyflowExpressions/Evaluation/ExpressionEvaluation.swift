import BuyflowCore

/// One evaluation: walks the tree against a scope.
struct ExpressionEvaluation {
    let scope: ExpressionScope

    func value(of expression: Expression) throws(ExpressionError) -> EvaluatedValue {
        switch expression {
        case .literal(let literal, _):
            return .json(literal.jsonValue)
        case .list(let elements, _):
            var items: [JSONValue] = []
            items.reserveCapacity(elements.count)
            for element in elements { items.append(try value(of: element).json) }
            return .json(.array(items))
        case .path(let path):
            return try resolve(path)
        case .access(let base, let components, _):
            var current = try value(of: base)
            for component in components { current = try step(from: current, by: component, ignoringCase: false) }
            return current
        case .unary(let op, let operand, _):
            return try unary(op, operand)
        case .binary(let op, let left, let right, let span):
            return try binary(op, left, right, span: span)
        case .call(let function, let arguments, let span):
            return try call(function, arguments, span: span)
        case .parenthesized(let inner, _):
            return try value(of: inner)
        }
    }

    /// The written text of a number literal (through parentheses), for exact decimals.
    static func literalText(_ expression: Expression) -> String? {
        switch expression {
        case .literal(.int(_, let text), _), .literal(.double(_, let text), _): text
        case .parenthesized(let inner, _): literalText(inner)
        default: nil
        }
    }

    // MARK: Paths

    private func resolve(_ path: ExpressionPath) throws(ExpressionError) -> EvaluatedValue {
        guard let root = scope[path.root] else {
            let names = scope.names.sorted()
            throw ExpressionError(
                "undefined name '\(path.root)'", at: path.rootSpan,
                suggestion: Suggestions.closest(to: path.root, among: names),
                hint: names.isEmpty ? nil : "the names defined here are \(Self.list(names))")
        }
        var current = EvaluatedValue.json(root)
        guard !path.components.isEmpty else { return current }
        let ignoringCase = scope.caseInsensitiveRoots.contains(path.root)
        for (position, component) in path.components.enumerated() {
            current = try step(from: current, by: component, ignoringCase: ignoringCase && position == 0)
        }
        return current
    }

    private static func list(_ names: [String]) -> String {
        let shown = names.prefix(12).joined(separator: ", ")
        return names.count > 12 ? shown + ", …" : shown
    }

    private func step(
        from base: EvaluatedValue, by component: ExpressionPathComponent, ignoringCase: Bool
    ) throws(ExpressionError) -> EvaluatedValue {
        switch component.kind {
        case .member(let name):
            return try member(name, of: base, at: component.span, ignoringCase: ignoringCase)
        case .index(let index):
            return try element(index, of: base, at: component.span)
        case .subscript(let key):
            switch try value(of: key) {
            case .json(.string(let name)):
                return try member(name, of: base, at: component.span, ignoringCase: ignoringCase)
            case .json(let number) where number.intValue != nil:
                return try element(number.intValue!, of: base, at: component.span)
            case let other:
                throw ExpressionError(
                    "a subscript must be a string or a whole number, but it is \(other.described)", at: key.span)
            }
        }
    }

    private func member(
        _ name: String, of base: EvaluatedValue, at span: ExpressionSpan, ignoringCase: Bool
    ) throws(ExpressionError) -> EvaluatedValue {
        switch base {
        case .json(.object(let object)):
            if let found = object[name] { return .json(found) }
            if ignoringCase {
                let lowered = name.lowercased()
                for (key, value) in object where key.lowercased() == lowered { return .json(value) }
            }
            return .null
        case .json(.null):
            return .null
        case .json(.array):
            throw ExpressionError(
                "cannot read member '\(name)' of a list", at: span, hint: "take an element first, e.g. [0].\(name)")
        default:
            throw ExpressionError("cannot read member '\(name)' of \(base.described)", at: span)
        }
    }

    private func element(_ index: Int, of base: EvaluatedValue, at span: ExpressionSpan) throws(ExpressionError) -> EvaluatedValue {
        switch base {
        case .json(.array(let items)):
            return items.indices.contains(index) ? .json(items[index]) : .null
        case .json(.null):
            return .null
        case .json(.object):
            throw ExpressionError(
                "cannot take element \(index) of an object", at: span, hint: "use a member name: [\"key\"] or .key")
        default:
            throw ExpressionError("cannot take element \(index) of \(base.described)", at: span)
        }
    }
}
