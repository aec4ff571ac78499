/// A name with the steps taken from it: `data.cart.lines.nodes[0].id`, `headers["x-request-id"]`.
public struct ExpressionPath: Sendable, Hashable {
    /// The root name (`data`, `vars`, `cartId`, …).
    public var root: String
    public var rootSpan: ExpressionSpan
    public var components: [ExpressionPathComponent]

    public init(root: String, rootSpan: ExpressionSpan, components: [ExpressionPathComponent] = []) {
        self.root = root
        self.rootSpan = rootSpan
        self.components = components
    }

    /// From the root to the end of the last component.
    public var span: ExpressionSpan {
        guard let last = components.last else { return rootSpan }
        return ExpressionSpan(from: rootSpan, through: last.span)
    }
}
