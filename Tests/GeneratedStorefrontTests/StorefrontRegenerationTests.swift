import BuyGen
import BuyflowTestSupport
import Foundation
import Testing

/// The committed `Storefront` target is exactly what `buyflow gen` makes of
/// samples/storefront.graphql; a difference fails with a diff. Regenerate with
/// `swift run buyflow gen --schema samples/storefront.graphql --output Sources/Storefront`
/// (or run this test with BUYFLOW_RECORD=1).
@Suite("Storefront regeneration")
struct StorefrontRegenerationTests {
    static let root = RepositoryPaths.root

    @Test("Sources/Storefront is the generator's output for samples/storefront.graphql")
    func committedCopyIsCurrent() throws {
        let output = try Generator.generate(schemaPath: Self.root.appendingPathComponent("samples/storefront.graphql").path)
        let folder = Self.root.appendingPathComponent("Sources/Storefront")
        let golden = GoldenFiles(directory: folder, sourceDirectory: folder, diffContext: 3)
        for file in output.files {
            try golden.expect(file.contents, at: file.name)
        }
        let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let stale = Set(present).subtracting(output.files.map(\.name)).sorted()
        if GoldenFiles.isRecording {
            for name in stale { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        } else {
            #expect(stale.isEmpty, "files the generator no longer writes: \(stale); regenerate Sources/Storefront")
        }
    }
}
