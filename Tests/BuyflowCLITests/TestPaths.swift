import BuyflowTestSupport
import Foundation

/// Files of the repository the CLI tests read.
enum TestPaths {
    static let packageRoot = RepositoryPaths.root
    /// The sample shop's Storefront subset schema (SDL).
    static let storefrontSchema = packageRoot.appendingPathComponent("samples/storefront.graphql").path

    static func path(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

    /// Writes files into a fresh temporary folder and returns their paths, sorted by name.
    static func write(_ files: [String: String], prefix: String = "cli") throws -> (folder: String, paths: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return (folder.path, paths)
    }
}
