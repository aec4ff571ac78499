import BuyflowTestSupport
import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// The Storefront API introspection result, read from `../shared/storefront/` next to
/// the package (reference data, never copied into the repository).
enum StorefrontSchemaFixture {
    static let path = RepositoryPaths.publishedSchema.path

    static var isAvailable: Bool { FileManager.default.isReadableFile(atPath: path) }

    static let skipMessage: Comment = "the Storefront schema is not at ../shared/storefront/storefront.schema.json (next to the package); skipped"

    static let data: Data? = FileManager.default.contents(atPath: path)

    /// Built once, validated; `nil` when the file is absent.
    static let schema: Schema? = data.map { try! Schema(introspectionJSON: $0, path: path) }
}

/// A file under `Fixtures/schema/`.
func schemaFixture(_ name: String) throws -> URL {
    let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return fixtures.appendingPathComponent("schema").appendingPathComponent(name)
}

/// The diagnostics a build throws, or an empty list when it succeeds.
func schemaErrors(_ build: () throws(DiagnosticList) -> Schema) -> [Diagnostic] {
    do {
        _ = try build()
        return []
    } catch {
        return error.diagnostics
    }
}
