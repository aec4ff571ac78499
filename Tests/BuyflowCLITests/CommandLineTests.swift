@testable import BuyflowCLI
import BuyflowCore
import Testing

/// Runs `buyflow` in-process with a capturing console.
func runBuyflow(_ words: [String], environment: [String: String] = [:]) async -> (code: ExitCode, out: String, err: String) {
    let console = Console.capturing()
    let context = CommandContext(console: console, environment: environment, color: false)
    let code = await BuyflowCommandLine.run(words, context: context)
    return (code, console.capturedOutput, console.capturedError)
}

@Suite struct CommandLineTests {
    @Test func versionNamesTheStorefrontAPIVersion() async {
        let result = await runBuyflow(["--version"])
        #expect(result.code == .success)
        #expect(result.out == "buyflow 2026.4.0 (Storefront API 2026-04)\n")
    }

    @Test func rootHelpListsCommands() async {
        let result = await runBuyflow(["--help"])
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("OVERVIEW: buyflow"))
        for command in CommandRegistry.commands where command.spec.path.count == 1 {
            #expect(result.out.contains("  \(command.spec.path[0])"))
        }
    }

    @Test func everyCommandHasHelp() async {
        let names = CommandRegistry.commands.map { $0.spec.name }
        for expected in ["help", "serve", "lint", "schema print"] {
            #expect(names.contains(expected), "'\(expected)' is registered")
        }
        for command in CommandRegistry.commands {
            let result = await runBuyflow(command.spec.path + ["--help"])
            #expect(result.code == .success, "\(command.spec.name) --help")
            #expect(result.out.contains("USAGE: buyflow \(command.spec.name)"))
            #expect(result.out.contains("-h, --help"))
        }
    }

    /// Help lists exactly what each command's typed options parse.
    @Test func everyCommandsHelpComesFromItsOptionsType() {
        func declared<Command: BuyflowCommand>(_ command: Command.Type) -> (options: [String], arguments: [String]) {
            (Command.Options.optionSpecs.map(\.name), Command.Options.argumentSpecs.map(\.name))
        }
        for command in CommandRegistry.commands {
            let (options, arguments) = declared(command)
            #expect(command.spec.options.map(\.name) == options, "\(command.spec.name)")
            #expect(command.spec.arguments.map(\.name) == arguments, "\(command.spec.name)")
        }
    }

    @Test func helpCommandShowsACommandsHelp() async {
        let viaHelp = await runBuyflow(["help", "help"])
        let viaFlag = await runBuyflow(["help", "--help"])
        #expect(viaHelp.code == .success)
        #expect(viaHelp.out == viaFlag.out)
    }

    @Test func noArgumentsIsAUsageError() async {
        let result = await runBuyflow([])
        #expect(result.code == .usage)
        #expect(result.err.contains("USAGE: buyflow <command>"))
    }

    @Test func unknownCommandSuggestsTheClosest() async {
        let result = await runBuyflow(["hlep"])
        #expect(result.code == .usage)
        #expect(result.err == """
            error: unknown command 'hlep'; did you mean 'help'?
            hint: run 'buyflow --help' to see what it accepts

            """)
    }

    @Test func unknownGlobalOptionSuggestsTheClosest() async {
        let result = await runBuyflow(["--versoin"])
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix("error: unknown option '--versoin'; did you mean '--version'?\n"))
    }

    @Test func unknownCommandOptionPointsAtTheCommandsHelp() async {
        let result = await runBuyflow(["help", "--hepl"])
        #expect(result.code == .usage)
        #expect(result.err == """
            error: unknown option '--hepl'; did you mean '--help'?
            hint: run 'buyflow help --help' to see what it accepts

            """)
    }
}
