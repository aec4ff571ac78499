import BuyflowTestSupport
import Foundation
import Testing

/// Test inputs under `Tests/YAMLTests/Fixtures`, read from the copied bundle resource,
/// and golden files that can be re-recorded into the source tree.
enum Fixtures {
    static var root: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        }
    }

    /// The source-tree copy, where `BUYFLOW_RECORD=1` writes golden files.
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relativePath)))
    }

    /// Names of `errors/*.yaml`, without extension, sorted. Read from the source tree so
    /// the test list is known when tests are enumerated.
    static var errorCases: [String] {
        let directory = sourceRoot.appendingPathComponent("errors")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The golden files, named by their path under `Fixtures/`; a mismatch shows every
    /// line, as the expected renderings here are short.
    static var golden: GoldenFiles {
        get throws { GoldenFiles(directory: try root, sourceDirectory: sourceRoot) }
    }
}
