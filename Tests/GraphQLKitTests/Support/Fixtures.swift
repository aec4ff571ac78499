import BuyflowTestSupport
import Foundation

/// This target's `Fixtures` folder: the copy in the test bundle, which the tests read,
/// and its golden files, which `BUYFLOW_RECORD=1` re-records into the source tree.
enum Fixtures {
    /// Golden files anywhere under `Fixtures/`, named by their path below it. A mismatch
    /// shows two unchanged lines around each change, as the outputs here run long.
    static let golden = GoldenFiles(
        directory: Bundle.module.url(forResource: "Fixtures", withExtension: nil)!,
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures"),
        diffContext: 2
    )

    /// `Fixtures/<folder>` in the copied resources, as the tests read it.
    static func directory(_ folder: String) -> URL {
        golden.directory.appendingPathComponent(folder)
    }
}
