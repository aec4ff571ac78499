/// `buyflow help [command…]`: the same text as `--help`.
struct HelpCommand: BuyflowCommand {
    /// The options of `buyflow help`: the words naming a command.
    struct Options: ParsableOptions, Equatable {
        var command: [String]

        static let argumentSpecs = [
            ArgumentSpec(
                "command", help: "The command to explain, e.g. 'run' or 'schema print'.",
                repeatable: true, optional: true),
        ]
        static let optionSpecs: [OptionSpec] = []

        static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
            Self(command: parsed.positionals)
        }
    }

    static let spec = CommandSpec(
        path: ["help"], abstract: "Show help for buyflow or for a command.", options: Options.self)

    static func run(_ options: Options, context: CommandContext) async -> ExitCode {
        await BuyflowCommandLine.run(options.command + ["--help"], context: context)
    }
}
