import HTTPServer
import Testing

@Suite("Load and slow clients")
struct LoadTests {
    @Test("50 concurrent clients, 20 keep-alive requests each, all answered correctly", arguments: [
        HTTPServer.Configuration.Polling.poll, .epoll,
    ])
    func fiftyConcurrentClients(polling: HTTPServer.Configuration.Polling) async throws {
        let recorder = Recorder()
        let (server, port) = try startServer(HTTPServer.Configuration(polling: polling)) { request in
            if request.method == "POST" { recorder.record(request) }
            let id = request.headers["X-Client"] ?? "?"
            return .respond(.json(body: #"{"client":"\#(id)","n":\#(request.queryValue("n") ?? "?"),"size":\#(request.body.count)}"#))
        }
        defer { server.stop() }

        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<50 {
                group.addTask {
                    try await blocking { () -> Int in
                        let connection = try RawConnection(port: port)
                        var failures = 0
                        for n in 0..<20 {
                            let body = String(repeating: "b", count: n * 10)
                            let response = try connection.roundTrip(
                                "POST /graphql.json?n=\(n) HTTP/1.1\r\nHost: x\r\nX-Client: \(client)\r\n"
                                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
                            )
                            if response.status != 200
                                || response.text != #"{"client":"\#(client)","n":\#(n),"size":\#(n * 10)}"# {
                                failures += 1
                            }
                        }
                        return failures
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
        #expect(recorder.count == 1000)
        #expect(Set(recorder.all.compactMap(\.remoteAddress)).count == 50)
    }

    @Test("A client sending half a request is dropped after the idle timeout; others are served meanwhile")
    func idleTimeout() async throws {
        let (server, port) = try startServer(
            HTTPServer.Configuration(threadPoolSize: 1, idleTimeout: .seconds(2))
        ) { _ in .respond(.text(body: "ok")) }
        defer { server.stop() }

        let start = ContinuousClock.now
        async let stalled = blocking { () -> ([UInt8], Double) in
            let connection = try RawConnection(port: port, timeout: 120)
            try connection.send("GET /half HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Incomp")
            let received = try connection.readUntilClosed()
            return (received, seconds(since: start))
        }
        try await Task.sleep(for: .milliseconds(100))
        // Meanwhile, on the same single worker thread, other clients are served at once.
        let served = try await blocking { () -> (Int, Double) in
            var ok = 0
            for _ in 0..<5 where try RawConnection(port: port).roundTrip(get("/")).text == "ok" { ok += 1 }
            return (ok, seconds(since: start))
        }
        let (received, closedAfter) = try await stalled
        #expect(served.0 == 5)
        #expect(served.1 < closedAfter, "the other clients waited for the stalled one")
        #expect(received.isEmpty || String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
        #expect(closedAfter >= 1.9)
        #expect(closedAfter < 90, "the 2 s idle timeout closes it (a hang guard: the read gives up at 120 s)")
    }

    @Test("An idle keep-alive connection is closed after the timeout")
    func idleKeepAliveConnection() async throws {
        let (server, port) = try startServer(HTTPServer.Configuration(idleTimeout: .seconds(1))) { _ in
            .respond(.text(body: "ok"))
        }
        defer { server.stop() }

        let (text, closedAfter) = try await blocking { () -> (String, Double) in
            let connection = try RawConnection(port: port, timeout: 120)
            let text = try connection.roundTrip(get("/")).text
            let start = ContinuousClock.now
            _ = try connection.readUntilClosed()
            return (text, seconds(since: start))
        }
        #expect(text == "ok")
        #expect(closedAfter >= 0.5)
        #expect(closedAfter < 90, "the 1 s idle timeout closes it (a hang guard: the read gives up at 120 s)")
    }

    @Test("Over the connection limit a client waits in the backlog until an idle connection times out")
    func connectionLimit() async throws {
        let (server, port) = try startServer(
            HTTPServer.Configuration(threadPoolSize: 1, connectionLimit: 2, idleTimeout: .seconds(1))
        ) { _ in .respond(.text(body: "ok")) }
        defer { server.stop() }

        let (text, elapsed) = try await blocking { () -> (String, Double) in
            let idle = try (0..<2).map { _ in try RawConnection(port: port) }
            for connection in idle { _ = try connection.roundTrip(get("/")) }
            return try withExtendedLifetime(idle) {
                let start = ContinuousClock.now
                let text = try RawConnection(port: port, timeout: 8).roundTrip(get("/")).text
                return (text, seconds(since: start))
            }
        }
        #expect(text == "ok")
        #expect(elapsed >= 0.5)
        #expect(elapsed < 6)
    }
}
