import BuyflowTestSupport
import Foundation
import Testing

/// Where the end-to-end tests find the package, their fixtures and the built `buyflow`.
enum E2EPaths {
    static let packageRoot = RepositoryPaths.root

    /// `Tests/BuyflowEndToEndTests/Fixtures` in the source tree (not a resource: the binary
    /// runs them by their path relative to the package root, so the paths in its output
    /// are the same on every machine).
    static let fixtures = packageRoot.appendingPathComponent("Tests/BuyflowEndToEndTests/Fixtures")

    /// A fixture workflow's path relative to the package root (the subprocesses' working
    /// directory).
    static func workflow(_ name: String) -> String { "Tests/BuyflowEndToEndTests/Fixtures/workflows/\(name)" }

    /// Golden files, read and recorded in the source tree.
    static let golden = GoldenFiles(
        directory: fixtures.appendingPathComponent("golden"),
        sourceDirectory: fixtures.appendingPathComponent("golden"),
        diffContext: 3
    )

    /// The `buyflow` executable built with the tests: next to the test bundle (the
    /// directory of `CommandLine.arguments[0]` or of `Bundle.main`), else in
    /// `<package root>/.build/debug`. `nil` when none exists.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
            candidates.append(directory.appendingPathComponent("buyflow"))
            // macOS: …/debug/buyflowPackageTests.xctest/Contents/MacOS/buyflowPackageTests
            while directory.path != "/", directory.pathExtension != "xctest" { directory.deleteLastPathComponent() }
            if directory.pathExtension == "xctest" {
                candidates.append(directory.deletingLastPathComponent().appendingPathComponent("buyflow"))
            }
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("buyflow"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("buyflow"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/buyflow"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The binary, or a test failure saying how to build it.
    static func requireBinary(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> URL {
        try #require(
            binary,
            Comment(rawValue:
                "the buyflow executable was not found next to the test bundle (\(CommandLine.arguments.first ?? "?"))"
                    + " nor in .build/debug; build it with 'swift build --product buyflow' or 'swift build --build-tests'"),
            sourceLocation: sourceLocation
        )
    }

    /// A fresh temporary directory for one test's reports.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
