import Foundation
import BuyflowCore
import GraphQLKit

/// The published Storefront API schema of the version this release targets, shipped
/// with buyflow: what workflows aimed at a real shop are checked against when they name
/// no `schema`.
public enum PublishedSchema {
    /// Loaded once, on first use; `nil` only if the resource is missing from the build.
    public static let storefront: Schema? = {
        guard let url = Bundle.module.url(
            forResource: "storefront-\(BuyflowVersion.storefrontAPIVersion).schema", withExtension: "json", subdirectory: "Resources"
        ), let data = try? Data(contentsOf: url) else { return nil }
        return try? Schema.load(data: data, path: "<Storefront API \(BuyflowVersion.storefrontAPIVersion)>", format: .introspectionJSON)
    }()
}
