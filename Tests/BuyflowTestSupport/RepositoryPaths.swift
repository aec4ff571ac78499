import Foundation

/// Where the package's own files are, for tests that read the source tree (workflows,
/// samples, fixtures, the README) or the reference data beside the package (`../shared`).
/// Found from this file's place, symbolic links resolved, so a copy of the package that
/// links the test folder works too.
public enum RepositoryPaths {
    /// The package root: this file is `<root>/Tests/BuyflowTestSupport/RepositoryPaths.swift`.
    public static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative`, below the package root.
    public static func file(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// `../shared` beside the package: Shopify's published Storefront schema and the specs
    /// (reference data, never copied into the repository).
    public static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")

    /// Shopify's published Storefront schema (`../shared/storefront/storefront.schema.json`).
    public static let publishedSchema = shared.appendingPathComponent("storefront/storefront.schema.json")

    /// Whether the published schema is there (tests that need it are skipped otherwise).
    public static var hasPublishedSchema: Bool { FileManager.default.isReadableFile(atPath: publishedSchema.path) }
}
