@testable import BuyflowCLI
import Foundation
import Testing

/// The shared option groups: good values parse into typed values; bad ones are usage
/// errors (exit 64, nothing run) with the exact message.
@Suite struct OptionGroupTests {
    typealias Command = SharedGroupsCommand

    @Test func defaultsWhenNothingIsGiven() throws {
        let options = try Command.options([])
        #expect(options.target == TargetOptions())
        #expect(options.variables == VariableOptions(vars: [], tags: []))
        #expect(options.runControl == RunControlOptions(failFast: false, jobs: 1, verbosity: .normal))
        #expect(options.reports.reports == [])
    }

    @Test func goodValuesRunTheCommand() async {
        let result = await Command.dispatch(["--url", "http://127.0.0.1:8080/api/2026-04/graphql.json", "--jobs", "4", "--report", "json=r.json"])
        #expect(result.code == .success)
        #expect(result.out == "ran\n")
        #expect(result.err == "")
    }

    @Test func optionNamesAreUniqueAcrossGroups() {
        let names = Command.spec.allOptions.map(\.name)
        #expect(Set(names).count == names.count)
        let shorts = Command.spec.allOptions.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count)
    }

    // MARK: - Target

    @Test(arguments: [
        (["--url", "https://shoes.myshopify.com/api/2026-04/graphql.json"], TargetOptions(url: URL(string: "https://shoes.myshopify.com/api/2026-04/graphql.json"))),
        (["--url=http://[::1]:8080/graphql"], TargetOptions(url: URL(string: "http://[::1]:8080/graphql"))),
        (["--domain", "shoes.myshopify.com"], TargetOptions(domain: "shoes.myshopify.com")),
        (["--token", "shpat_1"], TargetOptions(token: "shpat_1")),
        (["--api-version", "2026-04"], TargetOptions(apiVersion: "2026-04")),
        (["--api-version", "2025-10"], TargetOptions(apiVersion: "2025-10")),
        (["--api-version", "unstable"], TargetOptions(apiVersion: "unstable")),
        (["--locale", "en-CA"], TargetOptions(locale: "en-CA")),
        (["--api-version-mismatch", "fail"], TargetOptions(apiVersionMismatch: .fail)),
        (["--api-version-mismatch", "warn"], TargetOptions(apiVersionMismatch: .warn)),
    ])
    func targetGoodValues(words: [String], expected: TargetOptions) throws {
        #expect(try Command.options(words).target == expected)
    }

    @Test(arguments: [
        UsageCase(["--url", "shoes.myshopify.com"], "error: invalid URL 'shoes.myshopify.com': expected an absolute http or https URL",
            "for a shop's domain write --domain shoes.myshopify.com"),
        UsageCase(["--url", "ftp://example.com/graphql"], "error: invalid URL 'ftp://example.com/graphql': expected an absolute http or https URL",
            "e.g. --url http://127.0.0.1:8080/api/2026-04/graphql.json"),
        UsageCase(["--url", "/api/2026-04/graphql.json"], "error: invalid URL '/api/2026-04/graphql.json': expected an absolute http or https URL",
            "e.g. --url http://127.0.0.1:8080/api/2026-04/graphql.json"),
        UsageCase(["--url", "http://a.com", "--domain", "a.com"], "error: options '--url' and '--domain' cannot be used together", nil),
        UsageCase(["--domain", "https://shoes.myshopify.com"], "error: invalid domain 'https://shoes.myshopify.com': expected a host name such as shoes.myshopify.com",
            "write the host only, or use --url for a full endpoint"),
        UsageCase(["--domain", "shoes"], "error: invalid domain 'shoes': expected a host name such as shoes.myshopify.com", "e.g. --domain shoes.myshopify.com"),
        UsageCase(["--domain", "-shoes.myshopify.com"], "error: invalid domain '-shoes.myshopify.com': expected a host name such as shoes.myshopify.com",
            "e.g. --domain shoes.myshopify.com"),
        UsageCase(["--token", ""], "error: --token needs a non-empty value", nil),
        UsageCase(["--api-version", "2026-4"], "error: invalid API version '2026-4': expected YYYY-MM; did you mean '2026-04'?", "e.g. --api-version 2026-04"),
        UsageCase(["--api-version", "2026-13"], "error: invalid API version '2026-13': expected YYYY-MM", "e.g. --api-version 2026-04"),
        UsageCase(["--api-version", "latest"], "error: invalid API version 'latest': expected YYYY-MM", "e.g. --api-version 2026-04"),
        UsageCase(["--locale", "en_CA"], "error: invalid locale 'en_CA': expected a language and a country, xx-YY; did you mean 'en-CA'?", "e.g. --locale en-CA"),
        UsageCase(["--locale", "EN-ca"], "error: invalid locale 'EN-ca': expected a language and a country, xx-YY; did you mean 'en-CA'?", "e.g. --locale en-CA"),
        UsageCase(["--locale", "english"], "error: invalid locale 'english': expected a language and a country, xx-YY", "e.g. --locale en-CA"),
        UsageCase(["--api-version-mismatch", "ignore"], "error: unknown API version mismatch handling 'ignore'; use 'warn' or 'fail'", nil),
        UsageCase(["--api-version-mismatch", "fial"], "error: unknown API version mismatch handling 'fial'; use 'warn' or 'fail'; did you mean 'fail'?", nil),
    ])
    func targetBadValues(_ usage: UsageCase) async {
        await expectUsageError(usage.words, firstLine: usage.firstLine, hint: usage.hint)
    }

    // MARK: - Variables

    @Test func variablesKeepOrderAndRawValues() throws {
        let options = try Command.options([
            "--var", "email=buyer@example.com", "--var", "quantity=2", "--var", "note=", "--var", "query=a=b",
            "--var-file", "vars.yaml", "--env-file", ".env", "--data", "rows.csv", "--tag", "smoke", "--tag", "cart",
        ]).variables
        #expect(options.vars == [
            .init(name: "email", rawValue: "buyer@example.com"), .init(name: "quantity", rawValue: "2"),
            .init(name: "note", rawValue: ""), .init(name: "query", rawValue: "a=b"),
        ])
        #expect(options.varFile == "vars.yaml")
        #expect(options.envFile == ".env")
        #expect(options.data == "rows.csv")
        #expect(options.tags == ["smoke", "cart"])
    }

    @Test(arguments: [
        UsageCase(["--var", "email"], "error: invalid variable 'email': expected name=value", "e.g. --var email=buyer@example.com"),
        UsageCase(["--var", "=1"], "error: invalid variable '=1': the name is empty", "a name has letters, digits and '_', and does not start with a digit"),
        UsageCase(["--var", "cart-id=1"], "error: invalid variable 'cart-id=1': 'cart-id' is not a variable name; did you mean 'cart_id=1'?",
            "a name has letters, digits and '_', and does not start with a digit"),
        UsageCase(["--var", "2x=1"], "error: invalid variable '2x=1': '2x' is not a variable name", "a name has letters, digits and '_', and does not start with a digit"),
        UsageCase(["--var", "a b=1"], "error: invalid variable 'a b=1': 'a b' is not a variable name", "a name has letters, digits and '_', and does not start with a digit"),
        UsageCase(["--var-file", ""], "error: --var-file needs a non-empty value", nil),
        UsageCase(["--env-file="], "error: --env-file needs a non-empty value", nil),
        UsageCase(["--data", ""], "error: --data needs a non-empty value", nil),
        UsageCase(["--tag", ""], "error: invalid tag '': expected a word without spaces", "e.g. --tag smoke"),
        UsageCase(["--tag", "two words"], "error: invalid tag 'two words': expected a word without spaces", "e.g. --tag smoke"),
        UsageCase(["--var-file", "a.yaml", "--var-file", "b.yaml"], "error: option '--var-file' was given twice with different values", nil),
    ])
    func variableBadValues(_ usage: UsageCase) async {
        await expectUsageError(usage.words, firstLine: usage.firstLine, hint: usage.hint)
    }

    // MARK: - Run control

    @Test(arguments: [
        ([String](), RunControlOptions(failFast: false, jobs: 1, verbosity: .normal)),
        (["--fail-fast"], RunControlOptions(failFast: true, jobs: 1, verbosity: .normal)),
        (["--jobs", "1"], RunControlOptions(failFast: false, jobs: 1, verbosity: .normal)),
        (["--jobs=64"], RunControlOptions(failFast: false, jobs: 64, verbosity: .normal)),
        (["-j", "8", "-q"], RunControlOptions(failFast: false, jobs: 8, verbosity: .quiet)),
        (["--verbose"], RunControlOptions(failFast: false, jobs: 1, verbosity: .verbose)),
        (["-v", "--fail-fast"], RunControlOptions(failFast: true, jobs: 1, verbosity: .verbose)),
    ])
    func runControlGoodValues(words: [String], expected: RunControlOptions) throws {
        #expect(try Command.options(words).runControl == expected)
    }

    @Test(arguments: [
        UsageCase(["--jobs", "0"], "error: invalid job count '0': expected a number from 1 to 64", "e.g. --jobs 4"),
        UsageCase(["--jobs", "65"], "error: invalid job count '65': expected a number from 1 to 64", "e.g. --jobs 4"),
        UsageCase(["--jobs", "four"], "error: invalid job count 'four': expected a number from 1 to 64", "e.g. --jobs 4"),
        UsageCase(["--jobs", "-1"], "error: invalid job count '-1': expected a number from 1 to 64", "e.g. --jobs 4"),
        UsageCase(["--quiet", "--verbose"], "error: options '--quiet' and '--verbose' cannot be used together", nil),
        UsageCase(["-v", "-q"], "error: options '--quiet' and '--verbose' cannot be used together", nil),
        UsageCase(["--fail-fast=yes"], "error: option '--fail-fast' takes no value", nil),
    ])
    func runControlBadValues(_ usage: UsageCase) async {
        await expectUsageError(usage.words, firstLine: usage.firstLine, hint: usage.hint)
    }

    // MARK: - Reports

    @Test func reportsKeepOrder() throws {
        let options = try Command.options([
            "--report", "json=out/run.json", "--report", "junit=out/junit.xml", "--report=tap=run.tap",
            "--report", "html=a=b.html", "--report", "text=-",
        ])
        #expect(options.reports.reports == [
            .init(format: .json, path: "out/run.json"), .init(format: .junit, path: "out/junit.xml"),
            .init(format: .tap, path: "run.tap"), .init(format: .html, path: "a=b.html"), .init(format: .text, path: "-"),
        ])
    }

    @Test(arguments: [
        UsageCase(["--report", "junit.xml"], "error: invalid report 'junit.xml': expected <format>=<path>", "e.g. --report junit=reports/junit.xml"),
        UsageCase(["--report", "tap"], "error: invalid report 'tap': expected <format>=<path>", "e.g. --report tap=reports/run.tap"),
        UsageCase(["--report", "pdf=out.pdf"], "error: unknown report format 'pdf'; use 'json', 'junit', 'tap', 'html' or 'text'", nil),
        UsageCase(["--report", "jnuit=out.xml"], "error: unknown report format 'jnuit'; use 'json', 'junit', 'tap', 'html' or 'text'; did you mean 'junit'?", nil),
        UsageCase(["--report", "JSON=out.json"], "error: unknown report format 'JSON'; use 'json', 'junit', 'tap', 'html' or 'text'; did you mean 'json'?", nil),
        UsageCase(["--report", "html="], "error: invalid report 'html=': the path is empty", "e.g. --report html=reports/run.html"),
        UsageCase(["--report", "json=r", "--report", "junit=r"], "error: two reports are written to 'r'", "give each report its own path"),
    ])
    func reportBadValues(_ usage: UsageCase) async {
        await expectUsageError(usage.words, firstLine: usage.firstLine, hint: usage.hint)
    }

    // MARK: -

    /// Dispatch exits 64 without running, printing exactly `firstLine` and the hint (the
    /// group's own, then where to read more).
    func expectUsageError(_ words: [String], firstLine: String, hint: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let result = await Command.dispatch(words)
        #expect(result.code == .usage, sourceLocation: sourceLocation)
        #expect(result.code.rawValue == 64, sourceLocation: sourceLocation)
        #expect(result.out == "", sourceLocation: sourceLocation)
        let seeHelp = "run 'buyflow groups --help' to see what it accepts"
        let expectedHint = hint.map { "\($0); \(seeHelp)" } ?? seeHelp
        #expect(result.err == "\(firstLine)\nhint: \(expectedHint)\n", sourceLocation: sourceLocation)
    }
}
