/// A `buyflow` subcommand. Adding one is one new file with a type conforming to this
/// protocol, listed in `CommandRegistry.commands`.
public protocol BuyflowCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Runs with arguments already checked against `spec`.
    static func run(_ invocation: Invocation, context: CommandContext) async -> ExitCode
}
