import Foundation
import BuyflowCore
import GraphQLKit

/// The published Storefront API schema of the version this release targets, shipped
/// with buyflow (gzip-compressed; provenance and licence in `Resources/README.md`): what
/// workflows aimed at a real shop are checked against when they name no `schema`.
public enum PublishedSchema {
    /// Loaded once, on first use (inflated and parsed); `nil` if the resource is missing
    /// from the build or cannot be read, and then `problem` says why.
    public static var storefront: Schema? { try? loaded.get() }

    /// Why `storefront` is `nil`; `nil` when it loaded.
    public static var problem: String? {
        guard case .failure(let failure) = loaded else { return nil }
        return failure.description
    }

    /// The resource's file name in `Resources`.
    package static let resourceName = "storefront-\(BuyflowVersion.storefrontAPIVersion).schema.json.gz"

    /// The most the resource may inflate to (the 2026-04 schema is 789,467 bytes).
    package static let sizeLimit = 16 << 20

    /// Why the shipped schema cannot be used.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    private static let loaded: Result<Schema, Failure> = Result { () throws(Failure) in try load() }

    /// The resource's bytes, inflated.
    package static func bytes() throws(Failure) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: resourceName, withExtension: nil, subdirectory: "Resources"),
              let data = try? Data(contentsOf: url) else {
            throw Failure(description: "'\(resourceName)' is missing from this build")
        }
        do {
            return try Gunzip.inflate(Array(data), limit: sizeLimit)
        } catch {
            throw Failure(description: "'\(resourceName)' cannot be read: \(error.description)")
        }
    }

    /// Inflates and parses the resource (uncached: `storefront` keeps the first result).
    package static func load() throws(Failure) -> Schema {
        let bytes = try bytes()
        do {
            return try Schema.load(
                data: Data(bytes), path: "<Storefront API \(BuyflowVersion.storefrontAPIVersion)>", format: .introspectionJSON)
        } catch {
            let first = error.diagnostics.first.map { ": \($0.message)" } ?? ""
            throw Failure(description: "'\(resourceName)' is not a valid schema\(first)")
        }
    }
}
