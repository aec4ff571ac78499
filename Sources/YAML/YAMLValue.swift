/// A node's resolved value: scalars by the core schema (see `YAMLScalar`), collections
/// with their located nodes.
public enum YAMLValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case sequence([YAMLNode])
    case mapping([YAMLPair])
}
