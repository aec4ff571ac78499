@testable import BuyflowCLI
import BuyflowCore
import Testing

@Suite struct CommandLineParserTests {
    static let url = OptionSpec("url", value: "url", help: "Endpoint.")
    static let vars = OptionSpec("var", value: "name=value", repeatable: true, help: "A variable.")
    static let quiet = OptionSpec("quiet", short: "q", help: "Less output.")
    static let spec = CommandSpec(
        path: ["demo"], abstract: "A demo.",
        arguments: [ArgumentSpec("file", help: "A file."), ArgumentSpec("more", help: "More.", repeatable: true, optional: true)],
        options: [url, vars, quiet])

    @Test func parsesValuesFlagsAndPositionals() throws {
        let parsed = try CommandLineParser.parse(
            ["a.yaml", "--url=http://x", "--var", "a=1", "-q", "b.yaml", "--var", "b=2", "--", "--literal"], for: Self.spec)
        #expect(parsed.command == ["demo"])
        #expect(parsed.positionals == ["a.yaml", "b.yaml", "--literal"])
        #expect(parsed.value(Self.url) == "http://x")
        #expect(parsed.values(Self.vars) == ["a=1", "b=2"])
        #expect(parsed.flag(Self.quiet))
        #expect(!parsed.wantsHelp)
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
        #expect(throws: UsageError.self) { try CommandLineParser.parse(words, for: Self.spec) }
        do {
            _ = try CommandLineParser.parse(words, for: Self.spec)
        } catch {
            #expect(error.diagnostic.message == message)
            #expect(error.diagnostic.hint == "run 'buyflow demo --help' to see what it accepts")
            #expect(error.exitCode == .usage)
        }
    }

    @Test func suggestsTheClosestOption() throws {
        do {
            _ = try CommandLineParser.parse(["a", "--ulr", "x"], for: Self.spec)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.diagnostic.suggestion == "--url")
        }
    }

    @Test func tooManyPositionals() {
        let single = CommandSpec(path: ["one"], abstract: "", arguments: [ArgumentSpec("file", help: "")])
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["a", "b"], for: single) }
    }

    @Test func helpSkipsArgumentChecks() throws {
        let parsed = try CommandLineParser.parse(["--help"], for: Self.spec)
        #expect(parsed.wantsHelp)
        #expect(try CommandLineParser.parse(["-h"], for: Self.spec).wantsHelp)
    }
}

@Suite struct GlobalFlagsTests {
    @Test(arguments: [
        (["lint", "--no-color", "a"], true, ["lint", "a"]),
        (["--no-color", "serve"], true, ["serve"]),
        (["lint", "a"], false, ["lint", "a"]),
        // After `--` it is an argument.
        (["lint", "--", "--no-color"], false, ["lint", "--", "--no-color"]),
    ])
    func extractsNoColorWherever(words: [String], noColor: Bool, rest: [String]) {
        let (flags, remaining) = GlobalFlags.extract(from: words)
        #expect(flags.noColor == noColor)
        #expect(remaining == rest)
    }

    @Test func noColorTurnsColourOffForTheCommand() async {
        let console = Console.capturing(color: true)
        let context = CommandContext(console: console, environment: [:], color: true)
        let code = await BuyflowCommandLine.run(["lint", "--no-color", "--format", "xml", "--schema", "s", "a"], context: context)
        #expect(code == .usage)
        #expect(!console.capturedError.contains("\u{1B}["))
        let colored = Console.capturing(color: true)
        _ = await BuyflowCommandLine.run(
            ["lint", "--format", "xml", "--schema", "s", "a"], context: CommandContext(console: colored, environment: [:], color: true))
        #expect(colored.capturedError.contains("\u{1B}["))
    }

    @Test func noColorAloneShowsTheRootHelp() async {
        let result = await runBuyflow(["--no-color"])
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix("OVERVIEW: buyflow"))
    }

    @Test func everyCommandListsNoColorAndHelpOnce() {
        for command in CommandRegistry.commands {
            let names = command.spec.allOptions.map(\.name)
            #expect(Set(names).count == names.count, "\(command.spec.name) declares an option twice")
            #expect(names.suffix(2) == ["no-color", "help"])
        }
    }
}
