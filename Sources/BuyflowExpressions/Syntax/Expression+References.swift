/// Static introspection for the loader: the paths read and the functions called.
extension Expression {
    /// Every path the expression reads, in source order (a path before the paths inside its subscripts).
    public var references: [ExpressionReference] {
        var found: [ExpressionReference] = []
        collectReferences(into: &found, insideExists: false)
        return found
    }

    /// The functions called, each once, in order of first call.
    public var functionsCalled: [ExpressionFunction] {
        var found: [ExpressionFunction] = []
        visit { expression in
            if case .call(let function, _, _) = expression, !found.contains(function) { found.append(function) }
        }
        return found
    }

    private func collectReferences(into found: inout [ExpressionReference], insideExists: Bool) {
        switch self {
        case .literal:
            break
        case .list(let elements, _):
            for element in elements { element.collectReferences(into: &found, insideExists: false) }
        case .path(let path):
            found.append(ExpressionReference(
                root: path.root, rootSpan: path.rootSpan,
                components: path.components.map(Self.referenceComponent), isExistenceTest: insideExists))
            Self.collectSubscripts(path.components, into: &found)
        case .access(let base, let components, _):
            base.collectReferences(into: &found, insideExists: false)
            Self.collectSubscripts(components, into: &found)
        case .unary(_, let operand, _):
            operand.collectReferences(into: &found, insideExists: false)
        case .binary(_, let left, let right, _):
            left.collectReferences(into: &found, insideExists: false)
            right.collectReferences(into: &found, insideExists: false)
        case .call(let function, let arguments, _):
            for argument in arguments { argument.collectReferences(into: &found, insideExists: function == .exists) }
        case .parenthesized(let inner, _):
            inner.collectReferences(into: &found, insideExists: insideExists)
        }
    }

    private static func referenceComponent(_ component: ExpressionPathComponent) -> ExpressionReference.Component {
        let kind: ExpressionReference.Component.Kind = switch component.kind {
        case .member(let name): .member(name)
        case .index(let index): .index(index)
        case .subscript(.literal(.string(let name), _)): .member(name)
        case .subscript: .dynamic
        }
        return ExpressionReference.Component(kind: kind, span: component.span)
    }

    private static func collectSubscripts(_ components: [ExpressionPathComponent], into found: inout [ExpressionReference]) {
        for component in components {
            if case .subscript(let key) = component.kind { key.collectReferences(into: &found, insideExists: false) }
        }
    }

    /// Calls `body` on every node, parents before children, left to right.
    func visit(_ body: (Expression) -> Void) {
        body(self)
        switch self {
        case .literal:
            break
        case .list(let children, _), .call(_, let children, _):
            for child in children { child.visit(body) }
        case .path(let path):
            for component in path.components { if case .subscript(let key) = component.kind { key.visit(body) } }
        case .access(let base, let components, _):
            base.visit(body)
            for component in components { if case .subscript(let key) = component.kind { key.visit(body) } }
        case .unary(_, let operand, _), .parenthesized(let operand, _):
            operand.visit(body)
        case .binary(_, let left, let right, _):
            left.visit(body)
            right.visit(body)
        }
    }
}
