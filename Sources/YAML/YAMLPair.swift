/// One entry of a mapping, in the order written.
public struct YAMLPair: Sendable {
    /// The key, usually a string scalar; its location is where the key is written.
    public var key: YAMLNode
    public var value: YAMLNode

    /// A pair built by hand.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
