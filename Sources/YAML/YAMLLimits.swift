/// Bounds that keep a hostile file from exhausting time or memory. Each is checked as
/// the file is read, and exceeding one is an error naming it.
public struct YAMLLimits: Sendable, Hashable {
    /// The deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// The most nodes that aliases may bring in, in total: each alias counts the size
    /// of the node it repeats (aliases inside it included). Stops "billion laughs".
    public var maxAliasExpansion: Int
    /// The largest input, in bytes.
    public var maxFileSize: Int
    /// The longest scalar, in bytes of UTF-8.
    public var maxScalarLength: Int

    /// Limits with the given bounds; each defaults to the value in `.default`.
    public init(
        maxDepth: Int = 256,
        maxAliasExpansion: Int = 100_000,
        maxFileSize: Int = 64 << 20,
        maxScalarLength: Int = 16 << 20
    ) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxFileSize = maxFileSize
        self.maxScalarLength = maxScalarLength
    }

    /// Depth 256, 100,000 nodes through aliases, 64 MiB files, 16 MiB scalars.
    public static let `default` = YAMLLimits()
}
