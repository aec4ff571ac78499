import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A report that cannot be written is a clear error and a non-zero exit, never a silent
/// loss; the other reports are still written.
@Suite("Reports that cannot be written", .enabled(if: Reliability.enabled, Reliability.why))
struct ReportWriteFailureTests {
    static let workflow = "workflows/checkout.yaml"

    @Test("an unwritable path: a clear error naming it, exit 1, the other report written")
    func unwritable() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("run.json").path
        // A path below a regular file: no folder can be created there (also as root).
        let blocker = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let bad = blocker.appendingPathComponent("run.xml").path
        let output = try await Child.buyflow(["run", Self.workflow, "--report", "junit=\(bad)", "--report", "json=\(good)"])
        #expect(output.exitCode == 1, "\(output.combined)")
        #expect(output.stderr.contains("cannot write report '\(bad)'"), "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: good), "the writable report was not written")
    }

    @Test("a report path that is a directory")
    func directoryPath() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await Child.buyflow(["run", Self.workflow, "--report", "text=\(directory.path)"])
        #expect(output.exitCode == 1)
        #expect(output.stderr.contains("cannot write report '\(directory.path)': it is a directory"), "\(output.stderr)")
    }

    @Test(
        "a file size limit (EFBIG): the write fails loudly, no partial report is left",
        .disabled(
            if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
            "ThreadSanitizer's runtime turns SIGXFSZ into a deadly signal although the shell ignores it"))
    func fileTooLarge() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("run.html").path
        let binary = try Paths.requireBinary()
        // 1 block of 512 bytes: the HTML report is larger. SIGXFSZ ignored, so write() fails with EFBIG.
        let script = "ulimit -f 1; trap '' XFSZ; exec \"$0\" run \(Self.workflow) --report html=\(report)"
        let output = try await Child.buyflow(["-c", script, binary.path], executable: "/bin/sh")
        #expect(output.exitCode == 1, "\(output.combined)")
        #expect(output.stderr.contains("cannot write report '\(report)': file too large"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: report))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test(
        "a full disk (a 64 KiB tmpfs, when mounting is allowed): ENOSPC is reported, exit 1",
        .enabled(if: getuid() == 0, "needs root to mount a tmpfs"))
    func fullDisk() async throws {
        let mountPoint = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        let mount = try await Child.buyflow(["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path], executable: "/bin/mount")
        guard mount.exitCode == 0 else {
            // Containers without CAP_SYS_ADMIN: covered by the EFBIG test above.
            return
        }
        defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [mountPoint.path]).waitUntilExit() }
        // Fill it up, then ask for a report there.
        let filler = mountPoint.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: Data(count: 60 << 10))
        let report = mountPoint.appendingPathComponent("run.html").path
        let output = try await Child.buyflow(["run", Self.workflow, "--report", "html=\(report)"])
        #expect(output.exitCode == 1, "\(output.combined)")
        #expect(output.stderr.contains("cannot write report '\(report)': no space left on device"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: report))
    }
}
