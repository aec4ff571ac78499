import BuyflowCore
import BuyflowTestSupport
import BuyflowWorkflow
import Foundation
import GraphQLKit
import Testing

/// Workflow fixtures, read from the source tree (steps files and data files next to a
/// workflow are found by relative paths), and their golden files.
enum Fixtures {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let repositoryRoot = RepositoryPaths.root

    static var golden: GoldenFiles { GoldenFiles(directory: sourceRoot, sourceDirectory: sourceRoot) }

    /// The sample shop's schema, loaded once.
    static let sampleSchema: Schema = {
        do {
            return try Schema.load(path: repositoryRoot.appendingPathComponent("samples/storefront.graphql").path)
        } catch {
            fatalError("samples/storefront.graphql does not load: \(error)")
        }
    }()

    /// Names of the folders under `Fixtures/<group>`, sorted.
    static func cases(_ group: String) -> [String] {
        let directory = sourceRoot.appendingPathComponent(group)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Options for the embedded sample shop, with an empty environment.
    static func options(environment: [String: String] = [:]) -> WorkflowLoader.Options {
        var options = WorkflowLoader.Options()
        options.sampleShopSchema = { sampleSchema }
        options.environment = environment
        return options
    }

    /// Diagnostics rendered like the CLI without colour, with `prefix` cut from paths.
    static func render(_ result: WorkflowLoader.Result, cutting prefix: String) -> String {
        let renderer = DiagnosticRenderer(color: false, sources: result.sources)
        return renderer.render(result.diagnostics).replacingOccurrences(of: prefix, with: "")
    }
}
