import Foundation
import Testing
import BuyflowCore

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

    /// A FIFO would block `open` until a writer comes, a device reads without end: both
    /// are refused at once, before any read.
    @Test("what is not a regular file is refused at once")
    func notRegularFiles() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(FileBytes.contents(of: path) == .failure(.notRegular("a FIFO (named pipe)")))
        #expect(FileBytes.contents(of: "/dev/zero") == .failure(.notRegular("a device")))
        #expect(FileBytes.Failure.notRegular("a device").reason == "it is a device, not a regular file")
    }

    @Test("a file over the limit is refused; one at the limit is read")
    func sizeLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-limit-\(UUID().uuidString)").path
        defer { unlink(path) }
        let bytes = [UInt8](repeating: 0x61, count: 1 << 20)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(FileBytes.contents(of: path, limit: 1 << 20) == .success(bytes))
        #expect(FileBytes.contents(of: path, limit: (1 << 20) - 1) == .failure(.tooLarge(limit: (1 << 20) - 1)))
        #expect(FileBytes.Failure.tooLarge(limit: 16 << 20).reason == "it is larger than 16 MiB, the limit for this file")
    }
}
