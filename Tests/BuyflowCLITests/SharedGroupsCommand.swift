@testable import BuyflowCLI

/// A command taking every shared option group, as `run`, `validate` and `load` will:
/// the groups' errors go through the real dispatch (exit code, rendering, no work done).
struct SharedGroupsCommand: BuyflowCommand {
    struct Options: ParsableOptions, Equatable {
        var target: TargetOptions
        var variables: VariableOptions
        var runControl: RunControlOptions
        var reports: ReportOptions

        static let argumentSpecs = [ArgumentSpec("workflow", help: "Workflows.", repeatable: true, optional: true)]
        static let optionSpecs = TargetOptions.optionSpecs + VariableOptions.optionSpecs + RunControlOptions.optionSpecs
            + ReportOptions.optionSpecs

        static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
            Self(
                target: try .parse(parsed), variables: try .parse(parsed), runControl: try .parse(parsed),
                reports: try .parse(parsed))
        }
    }

    static let spec = CommandSpec(path: ["groups"], abstract: "Every shared option group.", options: Options.self)

    static func run(_ options: Options, context: CommandContext) async -> ExitCode {
        context.console.print("ran")
        return .success
    }

    /// Parses `words` into the groups (throws what dispatch would report).
    static func options(_ words: [String]) throws(UsageError) -> Options {
        try Options.parse(CommandLineParser.parse(words, for: spec))
    }

    /// Runs through dispatch with a capturing console.
    static func dispatch(_ words: [String]) async -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = await BuyflowCommandLine.execute(self, words, context: CommandContext(console: console, environment: [:], color: false))
        return (code, console.capturedOutput, console.capturedError)
    }

    /// The first line a usage error prints, and that it is a usage error that did no work.
    static func firstErrorLine(_ words: [String]) async -> String? {
        let result = await dispatch(words)
        guard result.code == .usage, result.out.isEmpty else { return nil }
        return result.err.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
    }
}
