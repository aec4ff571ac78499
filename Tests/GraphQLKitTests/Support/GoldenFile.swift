import Foundation
import Testing

/// Golden files under `Fixtures/<folder>/`: compared with a line diff on mismatch, and
/// written into the source tree instead when the tests run with `BUYFLOW_RECORD=1`.
enum GoldenFile {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["BUYFLOW_RECORD"] == "1" }

    /// The copied resources of `folder`, as the tests read them.
    static func directory(_ folder: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(folder)
    }

    /// `folder` in the source tree, where recording writes.
    static func sourceDirectory(_ folder: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(folder)
    }

    /// Compares `actual` with `Fixtures/<folder>/<relativePath>`.
    static func expect(
        _ actual: String, folder: String, path relativePath: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let name = "\(folder)/\(relativePath)"
        if isRecording {
            let url = sourceDirectory(folder).appendingPathComponent(relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: directory(folder).appendingPathComponent(relativePath), encoding: .utf8) else {
            Issue.record("missing golden file \(name); run the tests with BUYFLOW_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record(
                "\(name) differs (- golden, + actual; BUYFLOW_RECORD=1 re-records):\n\(lineDiff(expected, actual))",
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
