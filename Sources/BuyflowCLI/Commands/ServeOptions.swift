import BuyflowCore
import SampleShop
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options of `buyflow serve`: the shop's options, every value checked, and the
/// files to load (read when the command runs).
struct ServeOptions: ParsableOptions {
    /// How the shop listens and which faults it injects (no catalog or schema yet).
    var shop: SampleShop.Options
    /// A catalog file, JSON or YAML.
    var catalog: String?
    /// A schema file to serve in mock mode.
    var schema: String?

    static let host = OptionSpec("host", value: "address", help: "Address to listen on (default 127.0.0.1).")
    static let port = OptionSpec("port", value: "port", help: "Port to listen on; 0 (the default) picks a free one.")
    static let token = OptionSpec(
        "token", value: "token", help: "Require this X-Shopify-Storefront-Access-Token (401 without, 403 wrong).")
    static let catalog = OptionSpec(
        "catalog", value: "file", help: "Catalog to sell, JSON or YAML (default: the embedded sample catalog).")
    static let schema = OptionSpec(
        "schema", value: "file", help: "Serve this schema (SDL or introspection JSON) in mock mode.")
    static let latency = OptionSpec(
        "latency", value: "duration[±jitter]", help: "Delay every answer, e.g. 200ms or 200ms±50ms.")
    static let failRate = OptionSpec(
        "fail-rate", value: "0..1", help: "Answer this share of requests with --fail-status.")
    static let failStatus = OptionSpec(
        "fail-status", value: "code", help: "HTTP status of --fail-rate failures (default 503).")
    static let throttle = OptionSpec(
        "throttle", value: "n/s", help: "Allow n requests a second; over it answer 429 with Retry-After.")
    static let errorRate = OptionSpec(
        "error-rate", value: "0..1", help: "Answer this share with HTTP 200, a GraphQL error and partial data.")
    static let dropRate = OptionSpec(
        "drop-rate", value: "0..1", help: "Close this share of connections without answering.")
    static let seed = OptionSpec(
        "seed", value: "n",
        help: "Seed of the faults (and cart tokens): runs with the same seed fault the same requests.")
    static let completionPolls = OptionSpec(
        "completion-polls", value: "n", help: "Polls answered CartCompletionProcessing before the outcome (default 2).")
    static let completionPollDelay = OptionSpec(
        "completion-poll-delay", value: "duration", help: "pollDelay of CartCompletionProcessing (default 100ms).")

    static let optionSpecs = [
        host, port, token, catalog, schema, latency, failRate, failStatus, throttle, errorRate, dropRate, seed,
        completionPolls, completionPollDelay,
    ]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        /// A `ShopFaults` parser's error as a usage error of `serve`.
        func fault<T>(_ option: OptionSpec, _ parse: (String) throws(ShopOptionError) -> T) throws(UsageError) -> T? {
            guard let text = parsed.value(option) else { return nil }
            do {
                return try parse(text)
            } catch {
                throw parsed.usageError(error.message, hint: error.hint)
            }
        }
        func rate(_ option: OptionSpec) throws(UsageError) -> Double? {
            try fault(option) { text throws(ShopOptionError) in try ShopFaults.parseRate(text, option: option.name) }
        }

        var options = SampleShop.Options()
        if let text = parsed.value(host) {
            guard isListenAddress(text) else {
                throw parsed.usageError(
                    "invalid host '\(text)': expected an IP address to listen on",
                    hint: "use 127.0.0.1 (the default), ::1, 0.0.0.0 or localhost")
            }
            options.host = text
        }
        if let number = try parsed.integer(port, in: 0...65535, hint: "--port 0 picks a free port and prints it") {
            options.port = number
        }
        options.token = try parsed.nonEmpty(token)

        var faults = ShopFaults()
        if let latency = try fault(latency, ShopFaults.parseLatency) {
            faults.latency = latency.latency
            faults.jitter = latency.jitter
        }
        if let rate = try rate(failRate) { faults.failRate = rate }
        if let status = try fault(failStatus, ShopFaults.parseStatus) { faults.failStatus = status }
        faults.throttle = try fault(throttle, ShopFaults.parseThrottle)
        if let rate = try rate(errorRate) { faults.errorRate = rate }
        if let rate = try rate(dropRate) { faults.dropRate = rate }
        faults.seed = try fault(seed, ShopFaults.parseSeed)
        options.faults = faults

        if let polls = try parsed.integer(completionPolls, in: 0...Int.max, hint: "e.g. --completion-polls 2") {
            options.completionPolls = polls
        }
        if let text = parsed.value(completionPollDelay) {
            guard let delay = DurationText.parse(text) else {
                throw parsed.usageError(
                    "invalid completion poll delay '\(text)': expected a duration",
                    hint: "e.g. --completion-poll-delay 500ms")
            }
            options.completionPollDelay = delay
        }
        return Self(shop: options, catalog: parsed.value(catalog), schema: parsed.value(schema))
    }

    /// An IP address (v4, v6, bracketed v6) or `localhost`.
    static func isListenAddress(_ host: String) -> Bool {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" { return true }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}
