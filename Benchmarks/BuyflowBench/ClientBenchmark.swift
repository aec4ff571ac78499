import Buy
import BuyflowCore
import Foundation
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
        guard let nginx = which("nginx", extra: ["/usr/sbin/nginx"]) else {
            print("client: skipped — nginx not found (apt-get install nginx-light)")
            return
        }
        let wrkPath = which("wrk")
        let server = try Nginx(executable: nginx)
        defer { server.stop() }
        try await server.waitUntilReady()

        let client = Graph.Client(endpoint: server.url, apiKey: "bench-token", transport: Graph.StubTransport.json(body))
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
        await best("libcurl multi loop, no transport", 10) { CurlFloor.measure(request, inFlight: 10, duration: duration) }
        let fullClient = Graph.Client(endpoint: server.url, apiKey: "bench-token", transport: curl)
        try await row("Graph.Client.send + CurlTransport", 10) {
            let exchange = await fullClient.send(document: "query { shop { name } }")
            if let error = exchange.error { throw BenchError("client.send failed: \(error)") }
        }
        let http1 = Graph.HTTP1Transport()
        try await row("HTTP1Transport", 1) { _ = try await http1.send(request) }
        try await row("HTTP1Transport", 10) { _ = try await http1.send(request) }
        try await row("HTTP1Transport on its loop", 1, on: http1.taskExecutor) { _ = try await http1.send(request) }
        try await row("HTTP1Transport on its loop", 10, on: http1.taskExecutor) { _ = try await http1.send(request) }
        let http1Client = Graph.Client(endpoint: server.url, apiKey: "bench-token", transport: http1)
        try await row("Graph.Client.send + HTTP1Transport", 10, on: http1.taskExecutor) {
            let exchange = await http1Client.send(document: "query { shop { name } }")
            if let error = exchange.error { throw BenchError("client.send failed: \(error)") }
        }

        var ceiling: Measurement?
        if let wrkPath, wanted("wrk") {
            for _ in 0..<runs {
                let measurement = try runWrk(wrkPath, url: server.url, request: request, directory: server.directory)
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
        _ = try await loops(.milliseconds(300), inFlight, executor, operation)
        let cpuBefore = cpuTime(RUSAGE_SELF.rawValue)
        let start = ContinuousClock.now
        let requests = try await loops(duration, inFlight, executor, operation)
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
        let output = try runProcess(path, ["-t1", "-c10", "-d5s", "-s", scriptFile.path, url.absoluteString])
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

    /// nginx in the foreground (`daemon off`) under a temporary prefix, on a free port.
    final class Nginx {
        let directory: URL
        let port: Int
        let process = Process()
        let version: String

        var url: URL { URL(string: "http://127.0.0.1:\(port)/api/\(BuyflowVersion.storefrontAPIVersion)/graphql.json")! }

        init(executable: String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-bench-nginx-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            port = try freePort()
            let prefix = directory.path
            let config = """
            worker_processes 1;
            daemon off;
            pid \(prefix)/nginx.pid;
            error_log \(prefix)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(prefix)/body;
                proxy_temp_path \(prefix)/proxy;
                fastcgi_temp_path \(prefix)/fastcgi;
                uwsgi_temp_path \(prefix)/uwsgi;
                scgi_temp_path \(prefix)/scgi;
                keepalive_requests 10000000;
                keepalive_timeout 60s;
                server {
                    listen 127.0.0.1:\(port);
                    default_type application/json;
                    location / { return 200 '\(ClientBenchmark.body)'; }
                }
            }

            """
            try Data(config.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
            version = (try? runProcess(executable, ["-v"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "nginx version: ", with: "") ?? "nginx"
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", prefix, "-c", "\(prefix)/nginx.conf", "-e", "\(prefix)/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func waitUntilReady() async throws {
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline {
                if canConnect(port: port) { return }
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            throw BenchError("nginx did not start on port \(port):\n\(log)")
        }

        func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: directory)
        }
    }

    // MARK: - Helpers

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw BenchError("could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Runs a program to the end and returns its standard output and error.
    static func runProcess(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func which(_ name: String, extra: [String] = []) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + extra
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

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
