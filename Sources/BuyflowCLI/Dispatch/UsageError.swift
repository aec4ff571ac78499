import BuyflowCore

/// A command line that cannot be run: unknown command or option, a missing value or
/// argument. Reported with a hint and exit code 64.
struct UsageError: Error, Sendable {
    var diagnostic: Diagnostic
    /// The command whose help the hint points to (`[]` for `buyflow` itself).
    var commandPath: [String]

    init(_ message: String, suggestion: String? = nil, command: [String]) {
        let helpCommand = (["buyflow"] + command).joined(separator: " ")
        self.diagnostic = Diagnostic.error(
            message, code: "cli.usage", suggestion: suggestion,
            hint: "run '\(helpCommand) --help' to see what it accepts")
        self.commandPath = command
    }
}
