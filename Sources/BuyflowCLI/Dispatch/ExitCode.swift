/// The process exit codes of the contract (`shared/spec/cli-and-reports.md`).
public struct ExitCode: RawRepresentable, Sendable, Hashable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything passed.
    public static let success = ExitCode(rawValue: 0)
    /// At least one step failed.
    public static let failure = ExitCode(rawValue: 1)
    /// A workflow or document is invalid; nothing was sent.
    public static let invalid = ExitCode(rawValue: 2)
    /// Load mode: a threshold was breached.
    public static let thresholdBreached = ExitCode(rawValue: 3)
    /// Stopped by Ctrl-C (SIGINT), as shells report it (128 + SIGINT).
    public static let interrupted = ExitCode(rawValue: 130)
    /// Stopped by SIGTERM, as shells report it (128 + SIGTERM).
    public static let terminated = ExitCode(rawValue: 143)

    /// The code of a command stopped by `signal`: 128 + its number, as shells report it
    /// (130 for SIGINT, 143 for SIGTERM).
    public static func stopped(by signal: Int32) -> ExitCode { ExitCode(rawValue: 128 + signal) }
    /// Unknown flag or command, missing argument.
    public static let usage = ExitCode(rawValue: 64)
}
