import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process whose stdout and stderr go to temporary files (no pipes: a pipe
/// inherited by a sibling process could keep a reader waiting), with a deadline after
/// which it is killed.
final class Subprocess: @unchecked Sendable {
    /// What a finished process left behind.
    struct Output: Sendable {
        var exitCode: Int32
        var stdout: String
        var stderr: String
        /// Whether the deadline passed and the process was killed.
        var timedOut: Bool

        /// stdout and stderr, for assertions on what a user would see.
        var combined: String { stdout + stderr }
    }

    let process = Process()
    let directory: URL
    let stdoutURL: URL
    let stderrURL: URL
    private let stdoutHandle: FileHandle
    private let stderrHandle: FileHandle

    /// Starts `executable` with `arguments` in `workingDirectory` (the package root by
    /// default), with the parent's environment plus `environment`.
    init(
        _ executable: URL, _ arguments: [String], workingDirectory: URL = E2EPaths.packageRoot,
        environment: [String: String] = [:]
    ) throws {
        directory = try E2EPaths.temporaryDirectory()
        stdoutURL = directory.appendingPathComponent("stdout")
        stderrURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        stderrHandle = try FileHandle(forWritingTo: stderrURL)
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (name, value) in environment { env[name] = value }
        process.environment = env
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// stdout so far.
    var currentStdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

    /// Waits until the process exits, killing it when `timeout` passes first.
    func wait(timeout: Duration = .seconds(60)) async -> Output {
        let deadline = ContinuousClock.now + timeout
        var timedOut = false
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                timedOut = true
                terminate()
                break
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        try? stdoutHandle.close()
        try? stderrHandle.close()
        let output = Output(
            exitCode: process.terminationStatus,
            stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "",
            timedOut: timedOut
        )
        try? FileManager.default.removeItem(at: directory)
        return output
    }

    /// SIGTERM, then SIGKILL when it is still there 2 s later.
    func terminate() {
        guard process.isRunning else { return }
        process.terminate()
        let pid = process.processIdentifier
        for _ in 0..<200 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(pid, SIGKILL) }
    }

    /// Runs `buyflow` with `arguments` to the end (60 s at most); a timeout is a test failure.
    static func buyflow(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Output {
        let binary = try E2EPaths.requireBinary(sourceLocation: sourceLocation)
        let process = try Subprocess(binary, arguments, environment: environment)
        let output = await process.wait(timeout: timeout)
        if output.timedOut {
            Issue.record(
                "buyflow \(arguments.joined(separator: " ")) did not finish within \(timeout); killed",
                sourceLocation: sourceLocation)
        }
        return output
    }
}
