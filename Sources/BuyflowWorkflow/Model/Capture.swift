import BuyflowCore

/// `capture: {name: <expression>}` or `{name: {value: <expression>, secret: true}}`;
/// also a steps file's `outputs` entry.
public struct Capture: Sendable {
    public var name: String
    public var expression: ParsedExpression
    /// Redacted everywhere, like the token.
    public var isSecret: Bool
    public var location: SourceLocation
}
