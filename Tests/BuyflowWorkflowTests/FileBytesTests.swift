import Foundation
import Testing
@testable import BuyflowWorkflow

/// `FileBytes`: a whole file in one open, or why not.
struct FileBytesTests {
    @Test func readsFilesOfEverySize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for size in [0, 1, 4095, 4096, 70_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let path = directory.appendingPathComponent("f\(size)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(FileBytes.contents(of: path) == .success(bytes))
        }
        #expect(FileBytes.contents(of: directory.path) == .failure(.folder))
        #expect(FileBytes.contents(of: directory.appendingPathComponent("none").path) == .failure(.missing))
        #expect(FileBytes.contents(of: directory.appendingPathComponent("f1/below").path) == .failure(.missing), "a file as a folder")
        #expect(FileBytes.Failure.folder.reason == "it is a folder")
        #expect(FileBytes.Failure.unreadable(EACCES).reason == "permission denied")
    }

    @Test("a file whose size the system does not know (procfs) is read to its end")
    func fileWithoutSize() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return }
        guard case .success(let bytes) = FileBytes.contents(of: "/proc/self/status") else {
            Issue.record("cannot read /proc/self/status")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
    }

    @Test("a pipe is read to its end, past a first short read")
    func pipeReadToItsEnd() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let first = Array("first part, ".utf8)
        let second = Array("second part".utf8)
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = first.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            usleep(50_000)
            _ = second.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        #expect(FileBytes.contents(of: path) == .success(first + second))
    }
}
