import BuyflowCore
import Dispatch
import Foundation
import GraphQLKit
import SampleShop
import Synchronization
import YAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `buyflow serve`: the sample shop as a standalone server, until Ctrl-C.
struct ServeCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["serve"],
        abstract: "Run the sample shop: a Storefront-API-compatible GraphQL server on loopback.",
        discussion: """
            Serves POST (and GET for queries) on /api/<version>/graphql.json with the Storefront 2026-04
            subset schema, the default catalog (or --catalog), stateful carts and checkout completion.
            With --schema it serves any schema: fields the shop knows come from the catalog and carts,
            all others get deterministic mock values. Faults (--latency, --fail-rate, --throttle,
            --error-rate, --drop-rate) rehearse retries and error handling; --seed makes them
            reproducible. Ctrl-C (SIGINT) or SIGTERM stops it (exit 0).
            """,
        options: [
            OptionSpec("host", value: "address", help: "Address to listen on (default 127.0.0.1)."),
            OptionSpec("port", value: "port", help: "Port to listen on; 0 (the default) picks a free one."),
            OptionSpec("token", value: "token", help: "Require this X-Shopify-Storefront-Access-Token (401 without, 403 wrong)."),
            OptionSpec("catalog", value: "file", help: "Catalog to sell, JSON or YAML (default: the embedded sample catalog)."),
            OptionSpec("schema", value: "file", help: "Serve this schema (SDL or introspection JSON) in mock mode."),
            OptionSpec("latency", value: "duration[±jitter]", help: "Delay every answer, e.g. 200ms or 200ms±50ms."),
            OptionSpec("fail-rate", value: "0..1", help: "Answer this share of requests with --fail-status."),
            OptionSpec("fail-status", value: "code", help: "HTTP status of --fail-rate failures (default 503)."),
            OptionSpec("throttle", value: "n/s", help: "Allow n requests a second; over it answer 429 with Retry-After."),
            OptionSpec("error-rate", value: "0..1", help: "Answer this share with HTTP 200, a GraphQL error and partial data."),
            OptionSpec("drop-rate", value: "0..1", help: "Close this share of connections without answering."),
            OptionSpec("seed", value: "n", help: "Seed of the faults (and cart tokens): runs with the same seed fault the same requests."),
            OptionSpec("completion-polls", value: "n", help: "Polls answered CartCompletionProcessing before the outcome (default 2)."),
            OptionSpec("completion-poll-delay", value: "duration", help: "pollDelay of CartCompletionProcessing (default 100ms)."),
        ],
        examples: [
            "buyflow serve",
            "buyflow serve --port 8080 --token secret",
            "buyflow serve --latency 200ms±50ms --fail-rate 0.1 --seed 7",
            "buyflow serve --schema storefront.schema.json",
        ]
    )

    static func run(_ invocation: Invocation, context: CommandContext) async -> ExitCode {
        var options: SampleShop.Options
        do {
            options = try makeOptions(invocation)
        } catch let error as UsageError {
            context.report([error.diagnostic])
            return .usage
        } catch {
            context.report([Diagnostic.error("\(error)", code: "cli.usage")])
            return .usage
        }
        if let path = invocation.value("catalog") {
            do {
                options.catalog = try ShopCatalog.load(path: path)
            } catch {
                context.report(error.diagnostics, sources: sources([path]))
                return .invalid
            }
        }
        if let path = invocation.value("schema") {
            do {
                options.schema = try Schema.load(path: path)
            } catch {
                context.report(error.diagnostics, sources: sources([path]))
                return .invalid
            }
        }
        let shop: SampleShop
        do {
            shop = try SampleShop(options)
            try shop.start()
        } catch let error as ShopOptionError {
            context.report([usage(error.message, hint: error.hint)])
            return .usage
        } catch {
            context.report([(error as? Diagnostic) ?? Diagnostic.error("cannot start the sample shop: \(error)", code: "serve.start")])
            return .failure
        }
        context.console.print("sample shop listening on \(shop.endpoint.absoluteString)")
        var details = "  catalog: \(invocation.value("catalog") ?? "embedded sample") (\(shop.catalog.shopName), \(shop.catalog.productHandles.count) products)\n"
        if let schema = invocation.value("schema") { details += "  schema: \(schema) (mock mode)\n" }
        details += "  API versions: \(shop.catalog.apiVersions.joined(separator: ", "))\n"
        if options.token != nil { details += "  access token required (X-Shopify-Storefront-Access-Token)\n" }
        if options.faults.isActive { details += "  faults: \(options.faults.summary); seed \(shop.seed)\n" }
        details += "  press Ctrl-C to stop\n"
        context.console.write(details, to: .error)

        await waitForTermination()
        shop.stop()
        context.console.write("sample shop stopped\n", to: .error)
        return .success
    }

    // MARK: - Options

    static func usage(_ message: String, hint: String? = nil) -> Diagnostic {
        var error = UsageError(message, command: spec.path).diagnostic
        if let hint { error.hint = hint + "; run 'buyflow serve --help' to see every option" }
        return error
    }

    static func makeOptions(_ invocation: Invocation) throws -> SampleShop.Options {
        func check<T>(_ body: () throws(ShopOptionError) -> T) throws -> T {
            do {
                return try body()
            } catch {
                var usageError = UsageError(error.message, command: spec.path)
                if let hint = error.hint { usageError.diagnostic.hint = hint + "; run 'buyflow serve --help' to see every option" }
                throw usageError
            }
        }
        var options = SampleShop.Options()
        if let host = invocation.value("host") {
            guard isListenAddress(host) else {
                var error = UsageError("invalid host '\(host)': expected an IP address to listen on", command: spec.path)
                error.diagnostic.hint = "use 127.0.0.1 (the default), ::1, 0.0.0.0 or localhost"
                throw error
            }
            options.host = host
        }
        if let text = invocation.value("port") {
            guard let port = Int(text), (0...65535).contains(port) else {
                var error = UsageError("invalid port '\(text)': expected a number from 0 to 65535", command: spec.path)
                error.diagnostic.hint = "--port 0 picks a free port and prints it"
                throw error
            }
            options.port = port
        }
        if let token = invocation.value("token") {
            guard !token.isEmpty else { throw UsageError("--token needs a non-empty value", command: spec.path) }
            options.token = token
        }
        var faults = ShopFaults()
        if let text = invocation.value("latency") {
            let latency = try check { () throws(ShopOptionError) in try ShopFaults.parseLatency(text) }
            faults.latency = latency.latency
            faults.jitter = latency.jitter
        }
        if let text = invocation.value("fail-rate") { faults.failRate = try check { () throws(ShopOptionError) in try ShopFaults.parseRate(text, option: "fail-rate") } }
        if let text = invocation.value("fail-status") { faults.failStatus = try check { () throws(ShopOptionError) in try ShopFaults.parseStatus(text) } }
        if let text = invocation.value("throttle") { faults.throttle = try check { () throws(ShopOptionError) in try ShopFaults.parseThrottle(text) } }
        if let text = invocation.value("error-rate") { faults.errorRate = try check { () throws(ShopOptionError) in try ShopFaults.parseRate(text, option: "error-rate") } }
        if let text = invocation.value("drop-rate") { faults.dropRate = try check { () throws(ShopOptionError) in try ShopFaults.parseRate(text, option: "drop-rate") } }
        if let text = invocation.value("seed") { faults.seed = try check { () throws(ShopOptionError) in try ShopFaults.parseSeed(text) } }
        options.faults = faults
        if let text = invocation.value("completion-polls") {
            guard let polls = Int(text), polls >= 0 else {
                var error = UsageError("invalid completion polls '\(text)': expected a whole number, 0 or more", command: spec.path)
                error.diagnostic.hint = "e.g. --completion-polls 2"
                throw error
            }
            options.completionPolls = polls
        }
        if let text = invocation.value("completion-poll-delay") {
            guard let delay = DurationText.parse(text) else {
                var error = UsageError("invalid completion poll delay '\(text)': expected a duration", command: spec.path)
                error.diagnostic.hint = "e.g. --completion-poll-delay 500ms"
                throw error
            }
            options.completionPollDelay = Int(delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)
        }
        return options
    }

    static func isListenAddress(_ host: String) -> Bool {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" { return true }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    // MARK: - Catalog files

    static func sources(_ paths: [String]) -> [SourceFile] {
        paths.compactMap { path in
            guard let data = FileManager.default.contents(atPath: path), data.count < 4 << 20 else { return nil }
            return SourceFile(path: path, text: String(decoding: data, as: UTF8.self))
        }
    }

    // MARK: - Signals

    /// Returns on SIGINT or SIGTERM (the first one), handled by dispatch signal sources.
    static func waitForTermination() async {
        let signals = [SIGINT, SIGTERM]
        for number in signals { signal(number, SIG_IGN) }
        let queue = DispatchQueue(label: "buyflow.serve.signals")
        let fired = Once()
        let holder = SourceHolder()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for number in signals {
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    if fired.claim() { continuation.resume() }
                }
                source.resume()
                holder.add(source)
            }
        }
        holder.cancelAll()
        for number in signals { signal(number, SIG_DFL) }
    }

    /// True for the first caller only.
    private final class Once: Sendable {
        private let done = Atomic<Bool>(false)
        func claim() -> Bool { done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    }

    /// Keeps the signal sources alive while waiting.
    private final class SourceHolder: @unchecked Sendable {
        private let lock = NSLock()
        private var sources: [any DispatchSourceSignal] = []

        func add(_ source: any DispatchSourceSignal) {
            lock.lock()
            sources.append(source)
            lock.unlock()
        }

        func cancelAll() {
            lock.lock()
            for source in sources { source.cancel() }
            sources.removeAll()
            lock.unlock()
        }
    }
}
