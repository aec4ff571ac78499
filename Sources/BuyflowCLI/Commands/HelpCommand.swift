/// `buyflow help [command…]`: the same text as `--help`.
struct HelpCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["help"],
        abstract: "Show help for buyflow or for a command.",
        arguments: [ArgumentSpec("command", help: "The command to explain, e.g. 'run' or 'schema print'.", repeatable: true, optional: true)]
    )

    static func run(_ invocation: Invocation, context: CommandContext) async -> ExitCode {
        await BuyflowCommandLine.run(invocation.positionals + ["--help"], context: context)
    }
}
