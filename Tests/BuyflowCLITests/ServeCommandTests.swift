@testable import BuyflowCLI
import SampleShop
import Testing

/// `buyflow serve`'s options. Only refusals run the command here: a valid command line
/// would serve until a signal.
@Suite struct ServeCommandTests {
    func options(_ words: [String]) throws -> ServeOptions {
        try ServeOptions.parse(CommandLineParser.parse(words, for: ServeCommand.spec))
    }

    @Test func parsesEveryOption() throws {
        let options = try self.options([
            "--host", "::1", "--port", "8080", "--token", "secret", "--catalog", "c.yaml", "--schema", "s.json",
            "--latency", "200ms±50ms", "--fail-rate", "10%", "--fail-status", "502", "--throttle", "120/m",
            "--error-rate", "0.2", "--drop-rate", "0", "--seed", "7", "--completion-polls", "0", "--completion-poll-delay", "1.5s",
        ])
        #expect(options.shop.host == "::1")
        #expect(options.shop.port == 8080)
        #expect(options.shop.token == "secret")
        #expect(options.catalog == "c.yaml")
        #expect(options.schema == "s.json")
        #expect(options.shop.faults.latency == .milliseconds(200))
        #expect(options.shop.faults.jitter == .milliseconds(50))
        #expect(options.shop.faults.failRate == 0.1)
        #expect(options.shop.faults.failStatus == 502)
        #expect(options.shop.faults.throttle == 2)
        #expect(options.shop.faults.errorRate == 0.2)
        #expect(options.shop.faults.dropRate == 0)
        #expect(options.shop.faults.seed == 7)
        #expect(options.shop.completionPolls == 0)
        #expect(options.shop.completionPollDelay == .milliseconds(1500))
    }

    @Test func defaultsAreTheShops() throws {
        let options = try self.options([])
        let defaults = SampleShop.Options()
        #expect(options.shop.host == defaults.host)
        #expect(options.shop.port == defaults.port)
        #expect(options.shop.token == nil)
        #expect(options.catalog == nil)
        #expect(options.schema == nil)
        #expect(!options.shop.faults.isActive)
        #expect(options.shop.completionPolls == defaults.completionPolls)
    }

    /// Refused before the catalog is read (it does not exist) or the shop started.
    @Test(arguments: [
        UsageCase(["--port", "70000"], "error: invalid port '70000': expected a number from 0 to 65535",
            "--port 0 picks a free port and prints it"),
        UsageCase(["--host", "example.com"], "error: invalid host 'example.com': expected an IP address to listen on",
            "use 127.0.0.1 (the default), ::1, 0.0.0.0 or localhost"),
        UsageCase(["--token="], "error: --token needs a non-empty value", nil),
        UsageCase(["--fail-rate", "2"], "error: invalid fail-rate '2': expected a probability from 0 to 1",
            "e.g. --fail-rate 0.1 (10% of requests) or --fail-rate 10%"),
        UsageCase(["--fail-status", "200"], "error: invalid fail status '200': expected an HTTP error status from 400 to 599", "e.g. --fail-status 503"),
        UsageCase(["--latency", "fast"], "error: invalid latency 'fast'", "write a duration with an optional jitter, e.g. 200ms, 1.5s or 200ms±50ms"),
        UsageCase(["--throttle", "0"], "error: invalid throttle '0': expected a rate such as 10/s", "e.g. --throttle 10/s (or 120/m)"),
        UsageCase(["--seed", "-1"], "error: invalid seed '-1': expected a non-negative integer", "e.g. --seed 42"),
        UsageCase(["--completion-polls", "-1"], "error: invalid completion polls '-1': expected a whole number, 0 or more", "e.g. --completion-polls 2"),
        UsageCase(["--completion-poll-delay", "soon"], "error: invalid completion poll delay 'soon': expected a duration",
            "e.g. --completion-poll-delay 500ms"),
    ])
    func refusedBeforeWork(_ usage: UsageCase) async {
        let result = await runBuyflow(["serve", "--catalog", "/nonexistent/catalog.json"] + usage.words)
        #expect(result.code == .usage)
        #expect(result.out == "")
        let seeHelp = "run 'buyflow serve --help' to see what it accepts"
        #expect(result.err == "\(usage.firstLine)\nhint: \(usage.hint.map { "\($0); \(seeHelp)" } ?? seeHelp)\n")
    }

    @Test(arguments: ["127.0.0.1", "0.0.0.0", "::1", "[::1]", "localhost"])
    func listenAddresses(host: String) {
        #expect(ServeOptions.isListenAddress(host))
    }
}
