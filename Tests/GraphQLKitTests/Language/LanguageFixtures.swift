import Foundation
import Testing

/// The files under `Fixtures/language/`: documents to parse and golden printer output.
enum LanguageFixtures {
    /// The copied resources, as the tests read them.
    static var directory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appending(path: "language")
    }

    /// The fixtures in the source tree, where `BUYFLOW_RECORD=1` writes golden files.
    static var sourceDirectory: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures").appending(path: "language")
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

    static var isRecording: Bool { ProcessInfo.processInfo.environment["BUYFLOW_RECORD"] == "1" }

    /// Compares `actual` with a golden file, showing a line diff when they differ; with
    /// `BUYFLOW_RECORD=1` the golden file is written instead.
    static func expectGolden(
        _ actual: String, at relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if isRecording {
            let url = sourceDirectory.appending(path: relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? text(relativePath) else {
            Issue.record("missing golden file \(relativePath); run the tests with BUYFLOW_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record(
                "\(relativePath) differs (- golden, + actual; BUYFLOW_RECORD=1 re-records):\n\(lineDiff(expected, actual))",
                sourceLocation: sourceLocation
            )
        }
    }

    /// A line diff: unchanged lines with "  ", removed with "- ", added with "+ "; long
    /// unchanged stretches are elided.
    static func lineDiff(_ old: String, _ new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        // Longest common subsequence table, from the end.
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: Substring)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                lines.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count && (j == b.count || lcs[i + 1][j] >= lcs[i][j + 1]) {
                lines.append(("-", a[i])); i += 1
            } else {
                lines.append(("+", b[j])); j += 1
            }
        }
        var out: [String] = []
        for (index, line) in lines.enumerated() {
            let nearChange = lines[max(0, index - 2)...min(lines.count - 1, index + 2)].contains { $0.mark != " " }
            if line.mark != " " || nearChange {
                out.append("\(line.mark) \(line.text)")
            } else if out.last != "  …" {
                out.append("  …")
            }
        }
        return out.joined(separator: "\n")
    }
}

@Suite("Language fixtures")
struct LanguageFixtureTests {
    @Test func documentsAreFound() {
        #expect(LanguageFixtures.documentNames.count >= 6, "Fixtures/language/documents was not copied")
    }

    @Test func lineDiffShowsChanges() {
        let diff = LanguageFixtures.lineDiff("a\nb\nc", "a\nB\nc\nd")
        #expect(diff == "  a\n- b\n+ B\n  c\n+ d")
    }
}
