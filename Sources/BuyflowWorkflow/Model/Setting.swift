/// A setting written as a literal, or as a template evaluated when the step runs
/// (`timeout: ${{ vars.timeout }}`).
public enum Setting<Value: Sendable>: Sendable {
    case literal(Value)
    case template(ValueTemplate)

    /// The literal value, if it is one.
    public var literal: Value? { if case .literal(let value) = self { value } else { nil } }
}
