import BuyflowTestSupport
import Foundation
import Testing

/// Golden files under `Tests/BuyflowReportTests/Fixtures`, read from the copied bundle
/// resource and re-recorded into the source tree with `BUYFLOW_RECORD=1`.
enum Fixtures {
    static var root: URL {
        get throws { try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)) }
    }

    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relativePath)))
    }

    static var golden: GoldenFiles {
        get throws { GoldenFiles(directory: try root, sourceDirectory: sourceRoot, diffContext: 3) }
    }
}
