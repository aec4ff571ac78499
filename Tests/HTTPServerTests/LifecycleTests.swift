import BuyflowCore
import Foundation
import HTTPServer
import Testing

@Suite("Lifecycle")
struct LifecycleTests {
    @Test("Port 0 binds a free port, readable after start; stop clears it and is idempotent")
    func portZero() async throws {
        let server = HTTPServer(handler: { _ in .respond(.text(body: "hi")) })
        #expect(server.port == nil)
        #expect(!server.isRunning)
        try server.start()
        let port = try #require(server.port)
        #expect(port > 0 && port < 65536)
        #expect(server.isRunning)
        let text = try await blocking { try RawConnection(port: port).roundTrip(get("/")).text }
        #expect(text == "hi")

        server.stop()
        #expect(server.port == nil)
        server.stop()
        #expect(throws: (any Error).self) { try RawConnection(port: port, timeout: 1) }
    }

    @Test("Start failures are diagnostics")
    func startFailures() throws {
        let (first, port) = try startServer { _ in .drop }
        defer { first.stop() }

        let busy = HTTPServer(configuration: HTTPServer.Configuration(port: port), handler: { _ in .drop })
        let inUse = #expect(throws: Diagnostic.self) { try busy.start() }
        #expect(inUse?.code == "http.listen")
        #expect(inUse?.message.contains("\(port)") == true)
        #expect(busy.port == nil)

        let named = HTTPServer(configuration: HTTPServer.Configuration(host: "shop.example"), handler: { _ in .drop })
        let badHost = #expect(throws: Diagnostic.self) { try named.start() }
        #expect(badHost?.code == "http.bad-host")

        let twice = #expect(throws: Diagnostic.self) { try first.start() }
        #expect(twice?.code == "http.already-running")
    }

    @Test("IPv6 loopback", .enabled(if: FileManager.default.fileExists(atPath: "/proc/net/if_inet6")))
    func ipv6() async throws {
        let recorder = Recorder()
        let (server, port) = try startServer(HTTPServer.Configuration(host: "::1")) { request in
            recorder.record(request)
            return .respond(.text(body: "six"))
        }
        defer { server.stop() }

        let text = try await blocking { try RawConnection(host: "::1", port: port).roundTrip(get("/")).text }
        #expect(text == "six")
        #expect(recorder.all.first?.remoteAddress?.hasPrefix("[::1]:") == true)
    }

    @Test("stop() while requests are in flight returns promptly and cuts or finishes them")
    func stopWithRequestsInFlight() async throws {
        let arrived = Recorder()
        let server = HTTPServer(configuration: HTTPServer.Configuration(threadPoolSize: 2)) { request in
            arrived.record(request)
            switch request.path {
            case "/parked": return .after(.seconds(30), .text(body: "never"))
            case "/async": return .deferred {
                try? await Task.sleep(for: .seconds(30))
                return .respond(.text(body: "never"))
            }
            case "/busy":
                usleep(300_000) // a handler still running on a worker thread
                return .respond(.text(body: "finished"))
            default: return .respond(.text(body: "ok"))
            }
        }
        try server.start()
        let port = try #require(server.port)

        let clients = ["/parked", "/parked", "/async", "/async", "/busy"].map { path in
            Task {
                try await blocking { () -> String in
                    let connection = try RawConnection(port: port)
                    try connection.send(get(path) + "")
                    return (try? connection.readResponse())??.text ?? "closed"
                }
            }
        }
        // Stop once every request has reached a handler (on a loaded machine the client
        // threads may take a while to connect; a connection refused after stop() is no test).
        let waitStart = ContinuousClock.now
        while arrived.count < clients.count, seconds(since: waitStart) < 20 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(arrived.count == clients.count)
        let start = ContinuousClock.now
        server.stop()
        // Parked and async requests would take 30 s; stop() must not wait for them.
        #expect(seconds(since: start) < 10)
        #expect(server.port == nil)

        var outcomes: [String] = []
        for client in clients { outcomes.append(try await client.value) }
        #expect(outcomes.filter { $0 == "never" }.isEmpty)
        #expect(outcomes.allSatisfy { $0 == "closed" || $0 == "finished" })

        // The same server starts again.
        try server.start()
        defer { server.stop() }
        let again = try #require(server.port)
        let text = try await blocking { try RawConnection(port: again).roundTrip(get("/")).text }
        #expect(text == "ok")
    }

    @Test("Starting and stopping many times leaks no threads, descriptors or ports")
    func startStopManyTimes() async throws {
        let handler: @Sendable (HTTPRequest) -> HTTPReply = { request in
            request.path == "/park" ? .after(.seconds(30), HTTPResponse()) : .respond(.text(body: "ok"))
        }
        // Warm up (lazy runtime threads, dispatch's pool), then take the baseline.
        let (warmup, port) = try startServer(HTTPServer.Configuration(threadPoolSize: 2), handler: handler)
        _ = try await blocking { try RawConnection(port: port).roundTrip(get("/")) }
        warmup.stop()
        let threadsBefore = Self.serverThreads()
        let descriptorsBefore = Self.count("/proc/self/fd")

        // Each cycle would leak at least 2 threads and 4 descriptors (listen socket, two
        // epoll sets, wake-up channels) if stop() left anything behind.
        let cycles = 100
        for cycle in 0..<cycles {
            // Every other cycle reuses the same fixed port, which must have been released.
            let fixed = cycle.isMultiple(of: 2)
            let server = HTTPServer(
                configuration: HTTPServer.Configuration(port: fixed ? port : 0, threadPoolSize: 2),
                handler: handler
            )
            try server.start()
            let current = try #require(server.port)
            if fixed { #expect(current == port) }
            let text = try await blocking { () -> String in
                let parked = try RawConnection(port: current)
                try parked.send(get("/park"))
                return try RawConnection(port: current).roundTrip(get("/")).text
            }
            #expect(text == "ok")
            server.stop()
        }

        // Other tests run in parallel in this process, with their own servers and clients,
        // so allow slack well below what a leak would add.
        let threadsAfter = Self.serverThreads()
        let descriptorsAfter = Self.count("/proc/self/fd")
        #expect(threadsAfter - threadsBefore < cycles / 2, "server threads: \(threadsBefore) → \(threadsAfter)")
        #expect(descriptorsAfter - descriptorsBefore < cycles * 3 / 2, "descriptors: \(descriptorsBefore) → \(descriptorsAfter)")
    }

    @Test("Dropping the last reference stops the server")
    func deinitStops() async throws {
        var server: HTTPServer? = HTTPServer(handler: { _ in .respond(.text(body: "ok")) })
        try server?.start()
        let port = try #require(server?.port)
        server = nil
        #expect(throws: (any Error).self) { try RawConnection(port: port, timeout: 1) }
    }

    /// Threads libmicrohttpd started (it names them `MHD-…`).
    static func serverThreads() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("MHD")
        }.count
    }

    static func count(_ directory: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? 0
    }
}
