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
        for command in CommandRegistry.commands {
            let result = await runBuyflow(command.spec.path + ["--help"])
            #expect(result.code == .success, "\(command.spec.name) --help")
            #expect(result.out.contains("USAGE: buyflow \(command.spec.name)"))
            #expect(result.out.contains("-h, --help"))
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

@Suite struct ArgumentParserTests {
    static let spec = CommandSpec(
        path: ["demo"], abstract: "A demo.",
        arguments: [ArgumentSpec("file", help: "A file."), ArgumentSpec("more", help: "More.", repeatable: true, optional: true)],
        options: [
            OptionSpec("url", value: "url", help: "Endpoint."),
            OptionSpec("var", value: "name=value", repeatable: true, help: "A variable."),
            OptionSpec("quiet", short: "q", help: "Less output."),
        ])

    @Test func parsesValuesFlagsAndPositionals() throws {
        let invocation = try ArgumentParser.parse(
            ["a.yaml", "--url=http://x", "--var", "a=1", "-q", "b.yaml", "--var", "b=2", "--", "--literal"], for: Self.spec)
        #expect(invocation.positionals == ["a.yaml", "b.yaml", "--literal"])
        #expect(invocation.value("url") == "http://x")
        #expect(invocation.values("var") == ["a=1", "b=2"])
        #expect(invocation.flag("quiet"))
        #expect(!invocation.flag("help"))
    }

    @Test(arguments: [
        (["--url"], "option '--url' needs a value"),
        (["a", "--quiet=yes"], "option '--quiet' takes no value"),
        ([String](), "missing argument <file>"),
        (["a", "--ulr", "x"], "unknown option '--ulr'"),
        (["a", "-z"], "unknown option '-z'"),
        (["a", "--url", "x", "--url", "y"], "option '--url' was given twice with different values"),
    ])
    func usageErrors(words: [String], message: String) {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(words, for: Self.spec) }
        do {
            _ = try ArgumentParser.parse(words, for: Self.spec)
        } catch {
            #expect(error.diagnostic.message == message)
            #expect(error.diagnostic.hint == "run 'buyflow demo --help' to see what it accepts")
        }
    }

    @Test func suggestsTheClosestOption() throws {
        do {
            _ = try ArgumentParser.parse(["a", "--ulr", "x"], for: Self.spec)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.diagnostic.suggestion == "--url")
        }
    }

    @Test func tooManyPositionals() {
        let single = CommandSpec(path: ["one"], abstract: "", arguments: [ArgumentSpec("file", help: "")])
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["a", "b"], for: single) }
    }

    @Test func helpSkipsArgumentChecks() throws {
        let invocation = try ArgumentParser.parse(["--help"], for: Self.spec)
        #expect(invocation.flag("help"))
    }
}
