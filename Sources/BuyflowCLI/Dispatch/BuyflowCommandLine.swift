import BuyflowCore

/// The `buyflow` command line: global flags, subcommand dispatch, help and usage errors.
public enum BuyflowCommandLine {
    /// Runs `buyflow` with the process's environment and streams; returns the exit status.
    public static func main(arguments: [String]) async -> Int32 {
        let environment = ProcessEnvironment.current
        let console = Console.standard(environment: environment)
        let color = console.colorAllowed && !arguments.contains("--no-color")
        let context = CommandContext(console: console, environment: environment, color: color)
        return await run(arguments, context: context).rawValue
    }

    /// Runs `buyflow` with the given words (without the program name).
    public static func run(_ words: [String], context: CommandContext) async -> ExitCode {
        var context = context
        if words.contains("--no-color") { context.color = false }

        guard let first = words.first else {
            context.console.write(HelpFormatter.root(), to: .error)
            return .usage
        }
        if first == "--version" || first == "-V" {
            context.console.print(BuyflowVersion.banner)
            return .success
        }
        if first == "--help" || first == "-h" {
            context.console.write(HelpFormatter.root())
            return .success
        }
        if first.hasPrefix("-") && first != "--no-color" {
            return fail(UsageError("unknown option '\(first)'", suggestion: suggestOption(first), command: []), context)
        }
        let commandWords = words.filter { $0 != "--no-color" }

        guard let (command, consumed) = CommandRegistry.match(commandWords) else {
            return unknownCommand(commandWords, context)
        }
        let rest = Array(commandWords.dropFirst(consumed))
        // A group word followed by something that is not one of its commands.
        if let next = rest.first, !next.hasPrefix("-"), command.spec.arguments.isEmpty,
           !CommandRegistry.children(of: command.spec.path).isEmpty {
            return unknownCommand(commandWords, context)
        }
        do {
            let invocation = try ArgumentParser.parse(rest, for: command.spec)
            if invocation.flag("help") {
                context.console.write(HelpFormatter.command(command.spec))
                return .success
            }
            return await command.run(invocation, context: context)
        } catch {
            return fail(error, context)
        }
    }

    private static func unknownCommand(_ words: [String], _ context: CommandContext) -> ExitCode {
        // Find the longest group prefix the words walk down.
        var prefix: [String] = []
        for word in words where !word.hasPrefix("-") {
            if CommandRegistry.children(of: prefix).contains(word) { prefix.append(word) } else { break }
        }
        let children = CommandRegistry.children(of: prefix)
        let rest = words.dropFirst(prefix.count)
        if let word = rest.first, !word.hasPrefix("-") {
            let name = (prefix + [word]).joined(separator: " ")
            let suggestion = Suggestions.closest(to: word, among: children).map { (prefix + [$0]).joined(separator: " ") }
            return fail(UsageError("unknown command '\(name)'", suggestion: suggestion, command: prefix), context)
        }
        if rest.contains("--help") || rest.contains("-h") {
            context.console.write(HelpFormatter.group(prefix))
            return .success
        }
        let message = "'\(prefix.joined(separator: " "))' needs a command: \(children.joined(separator: ", "))"
        return fail(UsageError(message, command: prefix), context)
    }

    private static func suggestOption(_ word: String) -> String? {
        let name = word.drop { $0 == "-" }
        return Suggestions.closest(to: String(name), among: ["version", "help", "no-color"]).map { "--\($0)" }
    }

    private static func fail(_ error: UsageError, _ context: CommandContext) -> ExitCode {
        context.report([error.diagnostic])
        return .usage
    }
}
