import Buy
import BuyCurl
import BuyHTTP1
import BuyflowCore
import Foundation
import LoopbackNginx
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `buyflow-bench client [--seconds N] [--runs N]`: starts nginx (Debian's package) on a free
/// loopback port with a throw-away prefix, serving a fixed GraphQL JSON body, and prints
/// in one run requests/s and CPU per request (getrusage of this process ÷ requests) for
/// `URLSessionTransport`, `CurlTransport` and `HTTP1Transport`, one at a time and 10 in
/// flight, libcurl's own loop with no transport above it (the floor under
/// `CurlTransport`), `HTTP1Transport` with the loops running on its event loop (its task
/// executor), the whole client path (`Graph.Client.send`), and `wrk -t1 -c10 -d5s` as the
/// ceiling (the same POST, body and headers), with each row's ratio to wrk. Stops nginx.
/// Every row, wrk's included, is measured `--runs` times (default 3) and the best run is
/// shown, so that load from other processes on the machine distorts the ratios less.
/// `--only curl` keeps the rows whose label contains `curl` (case-insensitive), for profiling.
enum ClientBenchmark {
    static let body = #"{"data":{"shop":{"name":"Sample Shoes"}}}"#

    static func run(_ arguments: [String]) async throws {
        let seconds = option("--seconds", in: arguments) ?? 3
        let runs = max(1, option("--runs", in: arguments) ?? 3)
        let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1].lowercased() : nil }
        func wanted(_ label: String) -> Bool { only.map { label.lowercased().contains($0) } ?? true }
        guard LoopbackNginx.executable != nil else {
            print("client: skipped — nginx not found (apt-get install nginx-light)")
            return
        }
        let wrkPath = LoopbackNginx.which("wrk")
        let server = try fixedBodyNginx()
        defer { server.stop() }

        let client = Graph.Client(endpoint: server.graphQLURL, apiKey: "bench-token", transport: Graph.StubTransport.json(body))
        let request = client.makeRequest(document: "query { shop { name } }")
        let duration = Duration.seconds(seconds)
        print("client: \(server.version) on 127.0.0.1:\(server.port) (1 worker, fixed 42-byte JSON body); "
            + "POST {query} with the client's headers; best of \(runs) runs of \(seconds) s per row")
        print("  \(Graph.CurlTransport.libraryVersion)")
        print("  " + pad("transport", 34) + pad("in flight", 11, right: true) + pad("req/s", 11, right: true)
            + pad("CPU µs/req", 12, right: true) + pad("× wrk", 8, right: true))

        var rows: [(String, Int, Measurement)] = []
        /// Measures a row `runs` times and keeps the best run.
        func best(_ label: String, _ inFlight: Int, _ measureOnce: () async throws -> Measurement) async rethrows {
            guard wanted(label) else { return }
            var best: Measurement?
            for _ in 0..<runs {
                let measurement = try await measureOnce()
                if best.map({ measurement.perSecond > $0.perSecond }) ?? true { best = measurement }
            }
            if let best { rows.append((label, inFlight, best)) }
        }
        func row(
            _ label: String, _ inFlight: Int, on executor: (any TaskExecutor)? = nil,
            _ operation: @escaping @Sendable () async throws -> Void
        ) async throws {
            try await best(label, inFlight) { try await measure(duration, inFlight: inFlight, on: executor, operation) }
        }
        let session = Graph.URLSessionTransport(session: URLSession(configuration: .ephemeral))
        try await row("URLSessionTransport", 1) { _ = try await session.send(request) }
        try await row("URLSessionTransport", 10) { _ = try await session.send(request) }
        let curl = Graph.CurlTransport()
        try await row("CurlTransport", 1) { _ = try await curl.send(request) }
        try await row("CurlTransport", 10) { _ = try await curl.send(request) }
        await best("libcurl multi loop, no transport", 10) { await CurlFloor.measure(request, inFlight: 10, duration: duration) }
        let fullClient = Graph.Client(endpoint: server.graphQLURL, apiKey: "bench-token", transport: curl)
        try await row("Graph.Client.send + CurlTransport", 10) {
            let exchange = await fullClient.send(document: "query { shop { name } }")
            if let error = exchange.error { throw BenchError("client.send failed: \(error)") }
        }
        let http1 = Graph.HTTP1Transport()
        try await row("HTTP1Transport", 1) { _ = try await http1.send(request) }
        try await row("HTTP1Transport", 10) { _ = try await http1.send(request) }
        try await row("HTTP1Transport on its loop", 1, on: http1.taskExecutor) { _ = try await http1.send(request) }
        try await row("HTTP1Transport on its loop", 10, on: http1.taskExecutor) { _ = try await http1.send(request) }
        let http1Client = Graph.Client(endpoint: server.graphQLURL, apiKey: "bench-token", transport: http1)
        try await row("Graph.Client.send + HTTP1Transport", 10, on: http1.taskExecutor) {
            let exchange = await http1Client.send(document: "query { shop { name } }")
            if let error = exchange.error { throw BenchError("client.send failed: \(error)") }
        }

        var ceiling: Measurement?
        if let wrkPath, wanted("wrk") {
            for _ in 0..<runs {
                let measurement = try runWrk(wrkPath, url: server.graphQLURL, request: request, directory: server.directory)
                if ceiling.map({ measurement.perSecond > $0.perSecond }) ?? true { ceiling = measurement }
            }
        }
        for (label, inFlight, measurement) in rows { printRow(label, inFlight, measurement, ceiling: ceiling) }
        if let ceiling {
            printRow("wrk -t1 -c10 -d5s (ceiling)", 10, ceiling, ceiling: ceiling)
        } else if wrkPath == nil {
            print("  wrk: skipped — not found (apt-get install wrk)")
        }
    }

    // MARK: - Measuring

    struct Measurement {
        var requests: Int
        var elapsed: Duration
        var cpuMicroseconds: Double

        var perSecond: Double { Double(requests) / Graph.Timing.milliseconds(elapsed) * 1000 }
        var cpuPerRequest: Double { cpuMicroseconds / Double(max(requests, 1)) }
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs `operation` in `inFlight` concurrent loops for `duration` (after a short
    /// warm-up) and reads this process's CPU time around it. The loops run on `executor`
    /// when one is given, on the global executor otherwise.
    static func measure(
        _ duration: Duration, inFlight: Int, on executor: (any TaskExecutor)? = nil,
        _ operation: @escaping @Sendable () async throws -> Void
    ) async throws -> Measurement {
        try await measure(duration) { span in try await loops(span, inFlight, executor, operation) }
    }

    /// Calls `run` for a 300 ms warm-up, then for `duration`, timing the second call and
    /// reading this process's CPU time around it; `run` returns the requests it completed.
    static func measure(_ duration: Duration, _ run: (Duration) async throws -> Int) async rethrows -> Measurement {
        _ = try await run(.milliseconds(300))
        let cpuBefore = cpuTime(RUSAGE_SELF.rawValue)
        let start = ContinuousClock.now
        let requests = try await run(duration)
        let elapsed = ContinuousClock.now - start
        return Measurement(requests: requests, elapsed: elapsed, cpuMicroseconds: cpuTime(RUSAGE_SELF.rawValue) - cpuBefore)
    }

    private static func loops(
        _ duration: Duration, _ inFlight: Int, _ executor: (any TaskExecutor)?,
        _ operation: @escaping @Sendable () async throws -> Void
    ) async throws -> Int {
        let deadline = ContinuousClock.now + duration
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<inFlight {
                group.addTask(executorPreference: executor) {
                    var count = 0
                    while ContinuousClock.now < deadline {
                        try await operation()
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
    }

    /// User + system CPU time in microseconds.
    static func cpuTime(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }

    /// `wrk -t1 -c10 -d5s` with the same POST; CPU from getrusage of the waited-for child.
    static func runWrk(_ path: String, url: URL, request: Graph.HTTPRequest, directory: URL) throws -> Measurement {
        var script = "wrk.method = \"POST\"\nwrk.body = '\(String(decoding: request.body, as: UTF8.self))'\n"
        for (name, value) in request.headers { script += "wrk.headers[\"\(name)\"] = \"\(value)\"\n" }
        let scriptFile = directory.appendingPathComponent("post.lua")
        try Data(script.utf8).write(to: scriptFile)

        let cpuBefore = cpuTime(RUSAGE_CHILDREN.rawValue)
        let output = try LoopbackNginx.run(path, ["-t1", "-c10", "-d5s", "-s", scriptFile.path, url.absoluteString])
        let cpu = cpuTime(RUSAGE_CHILDREN.rawValue) - cpuBefore
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Requests/sec:") }),
              let rate = Double(line.split(separator: " ").last ?? ""),
              let total = output.split(separator: "\n").first(where: { $0.contains("requests in") })?
                  .split(separator: " ").first.flatMap({ Int($0) }) else {
            throw BenchError("could not read wrk's output:\n\(output)")
        }
        return Measurement(requests: total, elapsed: .milliseconds(Int64(Double(total) / rate * 1000)), cpuMicroseconds: cpu)
    }

    static func printRow(_ label: String, _ inFlight: Int, _ measurement: Measurement, ceiling: Measurement?) {
        let ratio = ceiling.map { format(measurement.perSecond / $0.perSecond, 2) + "×" } ?? "–"
        print("  " + pad(label, 34) + pad(inFlight == 1 ? "1 (seq)" : String(inFlight), 11, right: true)
            + pad(format(measurement.perSecond, 0), 11, right: true)
            + pad(format(measurement.cpuPerRequest, 1), 12, right: true) + pad(ratio, 8, right: true))
    }

    // MARK: - nginx

    /// nginx answering every request with `body` (see `LoopbackNginx`); blocks while it starts.
    static func fixedBodyNginx() throws -> LoopbackNginx {
        try LoopbackNginx { port, _ in
            """
                listen 127.0.0.1:\(port);
                default_type application/json;
                location / { return 200 '\(body)'; }
            """
        }
    }

    // MARK: - Helpers

    static func option(_ name: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}

extension LoopbackNginx {
    /// The Storefront endpoint's path on this server (nginx answers any path).
    var graphQLURL: URL { URL(string: "http://127.0.0.1:\(port)/api/\(BuyflowVersion.storefrontAPIVersion)/graphql.json")! }
}
