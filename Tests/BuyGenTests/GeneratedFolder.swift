import BuyGen
import BuyflowTestSupport
import Foundation
import Testing

/// A folder of committed generated Swift (a compiled target's sources) compared with
/// fresh generator output: each file against its copy, plus files that should not be
/// there. `BUYFLOW_RECORD=1` rewrites the folder.
struct GeneratedFolder {
    let directory: URL

    func expect(_ output: GeneratorOutput, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let golden = GoldenFiles(directory: directory, sourceDirectory: directory, diffContext: 3)
        for file in output.files {
            try golden.expect(file.contents, at: file.name, sourceLocation: sourceLocation)
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let stale = Set(present.filter { $0.hasSuffix(".swift") }).subtracting(output.files.map(\.name)).sorted()
        if GoldenFiles.isRecording {
            for name in stale { try FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
        } else if !stale.isEmpty {
            Issue.record("files the generator no longer writes: \(stale.joined(separator: ", ")); re-record with BUYFLOW_RECORD=1", sourceLocation: sourceLocation)
        }
    }
}

/// Paths in the source tree.
enum SourceTree {
    /// The package root.
    static let root = RepositoryPaths.root
    static let fixtures = root.appendingPathComponent("Tests/BuyGenTests/Fixtures")
    /// The fixture schema's generated code, compiled as the `GenFixture` target.
    static let genFixture = root.appendingPathComponent("Tests/GenFixture")
    static var shopSchema: String { fixtures.appendingPathComponent("shop.graphql").path }
}
