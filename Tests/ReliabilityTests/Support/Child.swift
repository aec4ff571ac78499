import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A child process with stdout and stderr in files (no pipes to fill up), which a test can
/// signal while it runs, and which is killed when its deadline passes.
final class Child: @unchecked Sendable {
    /// What a finished process left behind.
    struct Output: Sendable {
        var exitCode: Int32
        /// Whether the process ended by an uncaught signal (then `exitCode` is its number).
        var signalled: Bool
        var stdout: String
        var stderr: String
        var timedOut: Bool
        var combined: String { stdout + stderr }
    }

    let process = Process()
    private let directory: URL
    private let stdoutURL: URL
    private let stderrURL: URL

    /// Starts `executable` (the built `buyflow` by default) with `arguments` in the package root.
    init(_ arguments: [String], executable: URL? = nil, environment: [String: String] = [:]) throws {
        directory = try Paths.temporaryDirectory()
        stdoutURL = directory.appendingPathComponent("stdout")
        stderrURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = try executable ?? Paths.requireBinary()
        process.arguments = arguments
        process.currentDirectoryURL = Paths.packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (name, value) in environment { env[name] = value }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var pid: Int32 { process.processIdentifier }
    var stdoutSoFar: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderrSoFar: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits until `condition` holds of stdout + stderr (true) or `timeout` passes (false).
    func waitFor(timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(stdoutSoFar + stderrSoFar) { return true }
            if !process.isRunning { return condition(stdoutSoFar + stderrSoFar) }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Waits for the exit; past `timeout` the process is killed (SIGKILL) and `timedOut` set.
    func wait(timeout: Duration = .seconds(60)) async -> Output {
        let deadline = ContinuousClock.now + timeout
        var timedOut = false
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        return Output(
            exitCode: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            stdout: stdoutSoFar, stderr: stderrSoFar, timedOut: timedOut)
    }

    /// SIGTERM, then SIGKILL when it is still there after 2 s.
    func stop() {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<200 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(pid, SIGKILL) }
    }

    /// Runs `buyflow <arguments>` (or `executable <arguments>`) to its end; a timeout is a
    /// test failure.
    static func buyflow(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60),
        executable: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Output {
        let child = try Child(arguments, executable: executable.map(URL.init(fileURLWithPath:)), environment: environment)
        let output = await child.wait(timeout: timeout)
        if output.timedOut {
            Issue.record("buyflow \(arguments.joined(separator: " ")) did not end within \(timeout)", sourceLocation: sourceLocation)
        }
        return output
    }
}
