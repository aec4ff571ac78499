import BuyflowCore

/// A command line that cannot be run: unknown command or option, a missing or invalid
/// value or argument. Reported with a hint and exit code 64, before any work is done.
struct UsageError: Error, Sendable {
    var diagnostic: Diagnostic
    /// The command whose help the hint points to (`[]` for `buyflow` itself).
    var commandPath: [String]

    /// A usage error of `command`. Its hint is `hint` (what to write instead), then where
    /// to read what the command accepts.
    init(_ message: String, suggestion: String? = nil, hint: String? = nil, command: [String]) {
        let helpCommand = (["buyflow"] + command).joined(separator: " ")
        let seeHelp = "run '\(helpCommand) --help' to see what it accepts"
        self.diagnostic = Diagnostic.error(
            message, code: "cli.usage", suggestion: suggestion, hint: hint.map { "\($0); \(seeHelp)" } ?? seeHelp)
        self.commandPath = command
    }

    /// Always `ExitCode.usage` (64).
    var exitCode: ExitCode { .usage }
}
