/// The syntax tree of a workflow expression (assertions, captures, `if`, `poll.until`,
/// templates). Every node knows where it sits in the text it was parsed from
/// (UTF-8 byte offsets), so diagnostics can point into the workflow file.
///
/// Parse with ``ExpressionParser/parse(_:)``, evaluate with ``ExpressionEvaluator``,
/// print back with `description`. Equality compares locations too: `a==b` and `a == b`
/// parse to unequal trees with the same `description`.
public indirect enum Expression: Sendable, Hashable {
    /// `null`, `true`, `2`, `160.20`, `"text"`, `'text'`.
    case literal(ExpressionLiteral, ExpressionSpan)
    /// `[1, 2, x]`.
    case list([Expression], ExpressionSpan)
    /// `data.cart.lines.nodes[0].id`: a root name and the steps taken from it.
    case path(ExpressionPath)
    /// Steps taken from something other than a name: `gid(x).id`, `(a)[0]`, `[1, 2][i]`.
    case access(Expression, [ExpressionPathComponent], ExpressionSpan)
    /// `!x`, `-x`.
    case unary(ExpressionUnaryOperator, Expression, ExpressionSpan)
    /// `a == b`, `a && b`, `a in b`, ….
    case binary(ExpressionBinaryOperator, Expression, Expression, ExpressionSpan)
    /// `len(x)`, `decimal(x)`, ….
    case call(ExpressionFunction, [Expression], ExpressionSpan)
    /// `(x)`, kept so the printer gives back what was written.
    case parenthesized(Expression, ExpressionSpan)

    /// Where the whole node sits in the parsed text.
    public var span: ExpressionSpan {
        switch self {
        case .literal(_, let span), .list(_, let span), .access(_, _, let span), .unary(_, _, let span),
             .binary(_, _, _, let span), .call(_, _, let span), .parenthesized(_, let span):
            span
        case .path(let path):
            path.span
        }
    }

    /// The UTF-8 byte offset of the node in the parsed text.
    public var offset: Int { span.offset }
}
