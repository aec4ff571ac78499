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
///
/// Started with `posix_spawn`, not Foundation's `Process`: on Linux, Swift 6.3.1's
/// `Process.run()` now and then crashes on a 256-byte over-read of a `/proc/self/fd`
/// entry (swiftlang/swift-corelibs-foundation#5472, fixed after 6.3.1); this suite
/// starts hundreds of processes, and one fresh-clone CI run crashed there (2026-12-01).
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

    let directory: URL
    let stdoutURL: URL
    let stderrURL: URL
    private let pid: pid_t
    /// The exit status once reaped (`waitpid`), guarded by `lock`.
    private var status: Int32?
    private let lock = NSLock()

    /// Starts `executable` with `arguments` in `workingDirectory` (the package root by
    /// default), with the parent's environment plus `environment`.
    init(
        _ executable: URL, _ arguments: [String], workingDirectory: URL = E2EPaths.packageRoot,
        environment: [String: String] = [:]
    ) throws {
        directory = try E2EPaths.temporaryDirectory()
        stdoutURL = directory.appendingPathComponent("stdout")
        stderrURL = directory.appendingPathComponent("stderr")
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (name, value) in environment { env[name] = value }
        pid = try Self.spawn(
            executable.path, [executable.path] + arguments, environment: env.map { "\($0.key)=\($0.value)" },
            directory: workingDirectory.path, stdout: stdoutURL.path, stderr: stderrURL.path
        )
    }

    /// `posix_spawn` with stdin from /dev/null, stdout and stderr to new files, and the
    /// working directory changed in the child.
    private static func spawn(
        _ path: String, _ arguments: [String], environment: [String], directory: String, stdout: String, stderr: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard addChdir(&actions, directory) == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "cannot run in \(directory)"])
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(result), userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(path): \(String(cString: strerror(result)))"])
        }
        return pid
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which its Swift
    /// module does not import: looked up by name.
    private static let addChdir: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32 = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, "posix_spawn_file_actions_addchdir_np") else {
            fatalError("posix_spawn_file_actions_addchdir_np is missing: glibc 2.29 or later is needed")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()

    /// Whether the process is still running (reaps it once it has ended).
    var isRunning: Bool { exitStatus == nil }

    /// The exit code (or 128 + signal), once the process has ended.
    private var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        var raw: Int32 = 0
        let reaped = waitpid(pid, &raw, WNOHANG)
        guard reaped == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (the C macros are not imported).
        let signal = raw & 0x7F
        status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return status
    }

    /// stdout so far.
    var currentStdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

    /// Waits until the process exits, killing it when `timeout` passes first.
    func wait(timeout: Duration = .seconds(60)) async -> Output {
        let deadline = ContinuousClock.now + timeout
        var timedOut = false
        while isRunning {
            if ContinuousClock.now >= deadline {
                timedOut = true
                terminate()
                break
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        while isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        let output = Output(
            exitCode: exitStatus ?? -1,
            stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "",
            timedOut: timedOut
        )
        try? FileManager.default.removeItem(at: directory)
        return output
    }

    /// SIGTERM, then SIGKILL when it is still there 2 s later.
    func terminate() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<200 where isRunning { usleep(10_000) }
        if isRunning { kill(pid, SIGKILL) }
    }

    /// Runs `buyflow` with `arguments` to the end (60 s at most); a timeout is a test failure.
    static func buyflow(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Output {
        let binary = try E2EPaths.requireBinary(sourceLocation: sourceLocation)
        // One run per core at a time (`ProcessSlots`); the deadline counts from its start.
        let output = try await ProcessSlots.shared.withSlot {
            try await Subprocess(binary, arguments, environment: environment).wait(timeout: timeout)
        }
        if output.timedOut {
            Issue.record(
                "buyflow \(arguments.joined(separator: " ")) did not finish within \(timeout); killed",
                sourceLocation: sourceLocation)
        }
        return output
    }
}
