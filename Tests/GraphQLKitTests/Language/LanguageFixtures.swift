import BuyflowTestSupport
import Foundation
import Testing

/// The files under `Fixtures/language/`: documents to parse and golden printer output.
enum LanguageFixtures {
    /// The copied resources, as the tests read them.
    static var directory: URL {
        Fixtures.directory("language")
    }

    /// The names of the documents in `documents/`, sorted.
    static let documentNames: [String] = {
        let folder = directory.appending(path: "documents").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted()
    }()

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: directory.appending(path: relativePath), encoding: .utf8)
    }

    static func document(_ name: String) throws -> String { try text("documents/" + name) }

    /// Compares `actual` with a golden file under `Fixtures/language/` (see `GoldenFiles`).
    static func expectGolden(
        _ actual: String, at relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try Fixtures.golden.expect(actual, at: "language/" + relativePath, sourceLocation: sourceLocation)
    }
}

@Suite("Language fixtures")
struct LanguageFixtureTests {
    @Test func documentsAreFound() {
        #expect(LanguageFixtures.documentNames.count >= 6, "Fixtures/language/documents was not copied")
    }

    @Test func lineDiffShowsChanges() {
        let diff = LineDiff.render(expected: "a\nb\nc", actual: "a\nB\nc\nd", context: 2)
        #expect(diff == "  a\n- b\n+ B\n  c\n+ d")
    }
}
