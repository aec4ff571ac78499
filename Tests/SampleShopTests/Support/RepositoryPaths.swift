import Foundation

/// Paths in the repository and its workspace, found from this file's location (symbolic
/// links resolved, so a copy of the package that links the test folder works too).
enum RepositoryPaths {
    /// The package root: `<root>/Tests/SampleShopTests/Support/RepositoryPaths.swift`.
    static let root: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Shopify's published schema, kept next to the repository (`../shared/storefront/`).
    static let publishedSchema = root.deletingLastPathComponent().appendingPathComponent("shared/storefront/storefront.schema.json")

    static var hasPublishedSchema: Bool { FileManager.default.fileExists(atPath: publishedSchema.path) }

    static let corpus = file("Tests/Conformance/graphql/corpus")
}
