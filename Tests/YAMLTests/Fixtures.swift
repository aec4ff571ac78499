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

    static var recording: Bool { ProcessInfo.processInfo.environment["BUYFLOW_RECORD"] == "1" }

    /// Compares `actual` with the golden file, or writes it when recording. A mismatch
    /// is reported with a line diff.
    static func checkGolden(_ actual: String, _ relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if recording {
            try Data(actual.utf8).write(to: sourceRoot.appendingPathComponent(relativePath))
            return
        }
        guard let data = try? Data(contentsOf: root.appendingPathComponent(relativePath)) else {
            Issue.record("missing golden file \(relativePath); record it with BUYFLOW_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record(
                "\(relativePath) differs (- expected, + actual; re-record with BUYFLOW_RECORD=1):\n\(LineDiff.render(expected: expected, actual: actual))",
                sourceLocation: sourceLocation
            )
        }
    }
}
