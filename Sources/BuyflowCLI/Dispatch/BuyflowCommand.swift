/// A `buyflow` subcommand. Adding one is one new file with a type conforming to this
/// protocol (and usually one for its `Options`), listed in `CommandRegistry.commands`.
protocol BuyflowCommand: Sendable {
    /// The command's typed options, parsed and validated before `run`.
    associatedtype Options: ParsableOptions
    /// Its path, help texts and accepted words; build it with `CommandSpec(…, options: Options.self)`.
    static var spec: CommandSpec { get }
    /// Runs with options already checked.
    static func run(_ options: Options, context: CommandContext) async -> ExitCode
}

extension BuyflowCommand {
    /// Converts and validates the parsed words into `Options`, then runs: every usage error
    /// is thrown before the command does any work.
    static func execute(_ parsed: ParsedArguments, context: CommandContext) async throws(UsageError) -> ExitCode {
        let options = try Options.parse(parsed)
        return await run(options, context: context)
    }
}
