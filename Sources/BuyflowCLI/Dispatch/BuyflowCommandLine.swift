import BuyflowCore

/// The `buyflow` command line: global flags, subcommand dispatch, help and usage errors.
public enum BuyflowCommandLine {
    /// Runs `buyflow` with the process's environment and streams; returns the exit status.
    public static func main(arguments: [String]) async -> Int32 {
        let environment = ProcessEnvironment.current
        let console = Console.standard(environment: environment)
        let context = CommandContext(console: console, environment: environment, color: console.colorAllowed)
        return await run(arguments, context: context).rawValue
    }

    /// Runs `buyflow` with the given words (without the program name).
    public static func run(_ words: [String], context: CommandContext) async -> ExitCode {
        let (globalFlags, commandWords) = GlobalFlags.extract(from: words)
        let context = globalFlags.applied(to: context)

        guard let first = commandWords.first else {
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
        if first.hasPrefix("-") {
            return fail(UsageError("unknown option '\(first)'", suggestion: suggestOption(first), command: []), context)
        }

        guard let (command, consumed) = CommandRegistry.match(commandWords) else {
            return unknownCommand(commandWords, context)
        }
        let rest = Array(commandWords.dropFirst(consumed))
        // A group word followed by something that is not one of its commands.
        if let next = rest.first, !next.hasPrefix("-"), command.spec.arguments.isEmpty,
           !CommandRegistry.children(of: command.spec.path).isEmpty {
            return unknownCommand(commandWords, context)
        }
        return await execute(command, rest, context: context)
    }

    /// Runs one command with the words after its name: `--help`, else parse, convert and
    /// validate its options (a usage error exits 64 before any work), then run.
    static func execute(
        _ command: any BuyflowCommand.Type, _ words: [String], context: CommandContext
    ) async -> ExitCode {
        do {
            let parsed = try CommandLineParser.parse(words, for: command.spec)
            if parsed.wantsHelp {
                context.console.write(HelpFormatter.command(command.spec))
                return .success
            }
            return try await command.execute(parsed, context: context)
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
        let names = ["version", "help", GlobalFlags.noColorOption.name]
        return Suggestions.closest(to: String(name), among: names).map { "--\($0)" }
    }

    private static func fail(_ error: UsageError, _ context: CommandContext) -> ExitCode {
        context.report([error.diagnostic])
        return error.exitCode
    }
}
