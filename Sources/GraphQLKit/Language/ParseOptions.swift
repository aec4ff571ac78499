/// Limits and switches for `Parser`.
public struct ParseOptions: Sendable, Hashable {
    /// The most tokens a document may have; past it parsing stops with an error rather
    /// than spending time on an oversized (possibly hostile) document.
    public var maxTokens: Int
    /// How deep selection sets, list and object values and list types may nest; deeper
    /// input is an error (never a stack overflow).
    public var maxDepth: Int
    /// Accept the experimental, deprecated variables on fragment definitions:
    /// `fragment F($a: Int) on T { … }`.
    public var allowLegacyFragmentVariables: Bool

    public init(maxTokens: Int = 100_000, maxDepth: Int = 256, allowLegacyFragmentVariables: Bool = false) {
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
        self.allowLegacyFragmentVariables = allowLegacyFragmentVariables
    }
}
