import BuyflowTestSupport
import Foundation
import Testing

/// Where the reliability tests find the package, their fixtures and the built `buyflow`.
enum Paths {
    static let packageRoot = RepositoryPaths.root

    /// A fixture workflow, relative to the package root (the subprocesses' working directory).
    static func workflow(_ name: String) -> String { "Tests/ReliabilityTests/Fixtures/workflows/\(name)" }

    /// The `buyflow` executable next to the test bundle, else in `.build/debug`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("buyflow"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("buyflow"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/buyflow"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func requireBinary(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> URL {
        try #require(
            binary, "buyflow was not found next to the test bundle nor in .build/debug: swift build --build-tests",
            sourceLocation: sourceLocation)
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-reliability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
