import BuyflowCore
import BuyflowReport
import Foundation
import Synchronization
import Testing

/// Reports are written by rename: the target holds the old bytes or the new ones.
@Suite struct ReportWriterTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func contents(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    @Test func writesAndCreatesParentFolders() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("a/b/c/report.json").path
        let bytes = Samples.run.prettyJSON()
        try ReportWriter.write(bytes, to: path)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(try Self.contents(root.appendingPathComponent("a/b/c")) == ["report.json"])
    }

    @Test func replacesAnExistingFile() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("report.json").path
        try ReportWriter.write(Array("old, and longer than the new one".utf8), to: path)
        try ReportWriter.write(Array("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try Self.contents(root) == ["report.json"])
    }

    /// A reader polling the target while it is rewritten again and again only ever sees
    /// one of the complete versions.
    @Test func targetNeverHoldsAPartialFile() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("report.json").path
        let versions = [Data(repeating: UInt8(ascii: "a"), count: 2_000_000), Data(repeating: UInt8(ascii: "b"), count: 1_500_000)]
        try ReportWriter.write([UInt8](versions[0]), to: path)
        let readCount = ReadCounter()
        // The reader is a thread of its own, not a task: in the full suite the two
        // cooperative threads are busy with other tests, and a detached task could start
        // only after the writing had ended (it did once, 2026-12-01).
        let stop = Mutex(false)
        let result = Mutex<(reads: Int, bad: Int)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var reads = 0, bad = 0
            while !stop.withLock({ $0 }) {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                reads += 1
                readCount.increment()
                if !versions.contains(data) { bad += 1 }
            }
            result.withLock { $0 = (reads, bad) }
            finished.signal()
        }
        // At least 30 rewrites, and on until the reader has read a few times while they
        // go on (on a loaded machine it may start late), for at most 20 seconds.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        var round = 0
        while round < 30 || (readCount.value < 5 && clock.now < deadline) {
            try ReportWriter.write([UInt8](versions[round % 2]), to: path)
            round += 1
        }
        stop.withLock { $0 = true }
        finished.wait()
        let (reads, bad) = result.withLock { $0 } ?? (0, 0)
        #expect(reads > 0)
        #expect(bad == 0)
        #expect(try Self.contents(root) == ["report.json"])
    }

    @Test func aFolderInTheWayIsAClearError() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let path = blocker.appendingPathComponent("report.json").path
        let error = #expect(throws: Diagnostic.self) { try ReportWriter.write([1, 2, 3], to: path) }
        #expect(error?.code == "report.write")
        #expect(error?.message.hasPrefix("cannot write report '\(path)': cannot create the folder") == true)
        #expect(try Self.contents(root) == ["file"])
    }

    @Test func aDirectoryAsTargetIsAClearError() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: Diagnostic.self) { try ReportWriter.write([1], to: root.path) }
        #expect(error?.message == "cannot write report '\(root.path)': it is a directory")
        #expect(try Self.contents(root).isEmpty)
    }

    @Test(.enabled(if: getuid() != 0, "permissions do not apply to root"))
    func anUnwritableFolderIsAClearErrorAndLeavesNothing() throws {
        let root = try Self.scratch()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
            try? FileManager.default.removeItem(at: root)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: root.path)
        let path = root.appendingPathComponent("report.json").path
        let error = #expect(throws: Diagnostic.self) { try ReportWriter.write([1], to: path) }
        #expect(error?.message == "cannot write report '\(path)': permission denied")
        #expect(try Self.contents(root).isEmpty)
    }
}

/// Reads counted by the polling task, seen by the writing one.
private final class ReadCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
