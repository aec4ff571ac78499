import Buy
import BuyflowCore
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import SampleShop
import Synchronization

/// The reference side of `buyflow-bench run`'s end-to-end half: a bash script that does
/// by hand what `buyflow run workflows/checkout.yaml` does — start a sample shop
/// (`buyflow serve --port 0`, reading its URL from its first line), POST the same request
/// bodies with `curl`, one process per request, sleeping the same poll waits, then stop
/// the shop.
///
/// The bodies are the ones buyflow itself sends: the workflow is run once in-process
/// against a sample shop seeded with `seed`, through a transport that records every
/// request, and a `ManualRunnerClock` that records where the poll waits fall. The script's
/// shop gets the same seed, so the captured cart and attempt IDs it posts literally are
/// the ones that shop hands out.
struct CheckoutShellLoop {
    struct Exchange {
        var request: Graph.HTTPRequest
        var response: Data
        /// The wait before this request (a poll interval), zero for none.
        var waitBefore: Duration
    }

    static let seed: UInt64 = 7

    let exchanges: [Exchange]

    /// Runs `workflow` once against an in-process shop seeded with `seed`, recording it all.
    static func record(_ workflow: Workflow) async throws -> CheckoutShellLoop {
        var shopOptions = SampleShop.Options()
        shopOptions.faults.seed = seed
        let shop = try SampleShop(shopOptions)
        try shop.start()
        defer { shop.stop() }

        let clock = ManualRunnerClock()
        let recorded = Mutex<[(Graph.HTTPRequest, Data, Duration)]>([])
        let inner = RunTarget.defaultTransport(for: shop.endpoint)
        let transport = Graph.StubTransport { request in
            let sentAt = clock.now
            let response = try await inner.send(request)
            recorded.withLock { $0.append((request, response.body, sentAt)) }
            return response
        }
        var options = RunOptions()
        options.clock = clock
        options.makeTransport = { _ in transport }
        let target = try RunTarget.resolve(workflow: workflow, embeddedEndpoint: shop.endpoint)
        let reports = await WorkflowRunner(options: options).run(workflow, target: target)
        guard reports.count == 1, reports[0].status == .passed else {
            throw BenchmarkError("the checkout did not pass against the in-process shop: \(reports.map(\.status))")
        }
        var previous = Duration.zero
        let exchanges = recorded.withLock { $0 }.map { request, body, sentAt in
            defer { previous = sentAt }
            return Exchange(request: request, response: body, waitBefore: sentAt - previous)
        }
        return CheckoutShellLoop(exchanges: exchanges)
    }

    /// The poll waits, in total.
    var totalWait: Duration { exchanges.reduce(.zero) { $0 + $1.waitBefore } }

    /// Writes the request bodies next to the script and returns the script's text: with
    /// `waits`, `sleep` before each request the workflow waited before; with `responses`,
    /// each answer is kept as `response-<n>.json` (for the check), else dropped.
    func script(buyflow: String, directory: URL, waits: Bool, responses: Bool) throws -> String {
        var text = """
            #!/bin/bash
            # What 'buyflow run workflows/checkout.yaml' does, by hand: a shop, \(exchanges.count) curl POSTs, the poll waits.
            set -e
            coproc SHOP { exec \(quote(buyflow)) serve --port 0 --seed \(Self.seed) 2>/dev/null; }
            read -r line <&"${SHOP[0]}"
            url=${line##* }

            """
        for (index, exchange) in exchanges.enumerated() {
            let number = index + 1
            let bodyPath = directory.appendingPathComponent("body-\(number).json").path
            try exchange.request.body.write(to: URL(fileURLWithPath: bodyPath))
            if waits, exchange.waitBefore > .zero { text += "sleep \(seconds(exchange.waitBefore))\n" }
            var command = "curl -sS --fail -o "
            command += responses ? quote(directory.appendingPathComponent("response-\(number).json").path) : "/dev/null"
            for (name, value) in exchange.request.headers where !["host", "content-length"].contains(name.lowercased()) {
                command += " -H " + quote("\(name): \(value)")
            }
            command += " --data-binary @" + quote(bodyPath) + " \"$url\"\n"
            text += command
        }
        text += "kill \"$SHOP_PID\"\nwait \"$SHOP_PID\" || true\n"
        return text
    }

    /// Checks the answers a script kept: the same JSON buyflow got from the seeded shop.
    func check(directory: URL) throws {
        for (index, exchange) in exchanges.enumerated() {
            let path = directory.appendingPathComponent("response-\(index + 1).json").path
            guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError("the shell loop kept no \(path)") }
            let parser = JSONParser(path: path)
            let theirs = try parser.parse(bytes: data)
            let ours = try parser.parse(bytes: exchange.response)
            guard theirs == ours else {
                throw BenchmarkError("curl got another answer to request \(index + 1) than buyflow:\n  \(String(decoding: data, as: UTF8.self))\n  \(String(decoding: exchange.response, as: UTF8.self))")
            }
        }
    }

    private func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f", value)
    }

    private func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}
