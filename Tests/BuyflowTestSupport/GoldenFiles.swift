import Foundation
import Testing

/// A test target's golden files: the expected output of a test, kept as a file under the
/// target's `Fixtures` folder so that a change in output shows up as a change of the file.
///
/// `expect(_:at:)` compares what a test produced with its golden file and reports a
/// mismatch with a `LineDiff`. When the tests run with `BUYFLOW_RECORD=1`, it writes the
/// output into the source tree instead, to re-record the files after an intended change.
///
/// The tests read the copy of `Fixtures` that SwiftPM puts in the target's resource
/// bundle, but recording must write the originals in the source tree. Both places belong
/// to the calling target (`Bundle.module`, `#filePath`), so each target passes them in.
public struct GoldenFiles: Sendable {
    /// The copied `Fixtures` resource, where the tests read golden files.
    public let directory: URL
    /// `Fixtures` in the source tree, where recording writes golden files.
    public let sourceDirectory: URL
    /// Unchanged lines kept around each change in the diff of a mismatch (see
    /// `LineDiff.render(expected:actual:context:)`); `nil` keeps every line.
    public let diffContext: Int?

    public init(directory: URL, sourceDirectory: URL, diffContext: Int? = nil) {
        self.directory = directory
        self.sourceDirectory = sourceDirectory
        self.diffContext = diffContext
    }

    /// Whether the tests run with `BUYFLOW_RECORD=1`, which re-records golden files.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["BUYFLOW_RECORD"] == "1"
    }

    /// Compares `actual` with the golden file at `relativePath` under `directory`, or,
    /// when recording, writes it to `relativePath` under `sourceDirectory` (creating
    /// folders as needed). A missing file or a mismatch is recorded as a test issue at
    /// `sourceLocation`; only a failed write throws.
    public func expect(
        _ actual: String, at relativePath: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if Self.isRecording {
            let url = sourceDirectory.appendingPathComponent(relativePath)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true
            )
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(relativePath)) else {
            Issue.record(
                "missing golden file \(relativePath); record it with BUYFLOW_RECORD=1",
                sourceLocation: sourceLocation
            )
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            let diff = LineDiff.render(expected: expected, actual: actual, context: diffContext)
            Issue.record(
                "\(relativePath) differs (- golden, + actual; re-record with BUYFLOW_RECORD=1):\n\(diff)",
                sourceLocation: sourceLocation
            )
        }
    }
}
