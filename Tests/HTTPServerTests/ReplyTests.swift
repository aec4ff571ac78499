import HTTPServer
import Synchronization
import Testing

@Suite("Replies: .after, .drop, .deferred and async handlers")
struct ReplyTests {
    @Test(".after answers after the delay without blocking the only worker thread")
    func afterDoesNotBlockTheWorker() async throws {
        let (server, port) = try startServer(HTTPServer.Configuration(threadPoolSize: 1)) { request in
            request.path == "/slow"
                ? .after(.seconds(3), .json(body: #""slow""#))
                : .respond(.json(body: #""fast""#))
        }
        defer { server.stop() }

        let start = ContinuousClock.now
        async let slow = blocking { () -> (String, Double) in
            let response = try RawConnection(port: port).roundTrip(get("/slow"))
            return (response.text, seconds(since: start))
        }
        // Let the slow request reach the server and be parked first.
        try await Task.sleep(for: .milliseconds(300))
        let fast = try await blocking { () -> (String, Double) in
            let connection = try RawConnection(port: port)
            let first = try connection.roundTrip(get("/fast"))
            _ = try connection.roundTrip(get("/fast"))
            return (first.text, seconds(since: start))
        }
        let (slowText, slowTime) = try await slow

        #expect(fast.0 == #""fast""#)
        #expect(slowText == #""slow""#)
        #expect(slowTime >= 2.95)
        // Timing on a loaded machine varies; what matters is that the fast requests did
        // not wait for the parked one.
        #expect(fast.1 < slowTime - 0.5, "the fast requests waited for the parked one")
    }

    @Test(".after keeps the connection usable for the next request")
    func afterThenKeepAlive() async throws {
        let (server, port) = try startServer { request in
            request.path == "/slow" ? .after(.milliseconds(50), .text(body: "late")) : .respond(.text(body: "now"))
        }
        defer { server.stop() }

        let texts = try await blocking { () -> [String] in
            let connection = try RawConnection(port: port)
            return try [get("/slow"), get("/fast"), get("/slow")].map { try connection.roundTrip($0).text }
        }
        #expect(texts == ["late", "now", "late"])
    }

    @Test(".drop closes the connection without an answer", arguments: [false, true])
    func dropClosesTheConnection(deferred: Bool) async throws {
        let (server, port) = try startServer { request in
            guard request.path == "/drop" else { return .respond(.text(body: "fine")) }
            return deferred ? .deferred { .drop } : .drop
        }
        defer { server.stop() }

        let (first, received) = try await blocking { () -> (String, [UInt8]) in
            let connection = try RawConnection(port: port)
            let first = try connection.roundTrip(get("/ok")).text
            try connection.send(get("/drop"))
            return (first, try connection.readUntilClosed())
        }
        #expect(first == "fine")
        #expect(received.isEmpty)

        // The server goes on serving others.
        let after = try await blocking { try RawConnection(port: port).roundTrip(get("/ok")).text }
        #expect(after == "fine")
    }

    @Test("An async handler answers from a task, many requests at once")
    func asyncHandler() async throws {
        let inFlight = Atomic<Int>(0)
        let peak = Atomic<Int>(0)
        let server = HTTPServer(configuration: HTTPServer.Configuration(threadPoolSize: 1), asyncHandler: { request in
            let now = inFlight.add(1, ordering: .relaxed).newValue
            peak.max(now, ordering: .relaxed)
            try? await Task.sleep(for: .seconds(10))
            inFlight.subtract(1, ordering: .relaxed)
            return .respond(.json(body: #"{"path":"\#(request.path)"}"#))
        })
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)

        let start = ContinuousClock.now
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<10 {
                group.addTask {
                    try await blocking { try RawConnection(port: port).roundTrip(get("/r\(index)")).text }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(texts) == Set((0..<10).map { #"{"path":"/r\#($0)"}"# }))
        // Ten 10 s handlers on one worker thread overlapped (one after the other: 100 s; the
        // bound leaves room for a loaded machine, where the handlers' tasks wait behind every
        // other suite's work on the cooperative pool).
        #expect(peak.load(ordering: .relaxed) > 1)
        #expect(seconds(since: start) < 80)
    }

    @Test(".deferred work may end in .after or chain further .deferred work")
    func deferredChains() async throws {
        let (server, port) = try startServer { request in
            switch request.path {
            case "/later":
                return .deferred { .after(.milliseconds(100), .text(body: "later")) }
            case "/chain":
                return .deferred {
                    await Task.yield()
                    return .deferred { .respond(.text(status: 202, body: "chained")) }
                }
            default:
                return .respond(.text(status: 404, body: "no"))
            }
        }
        defer { server.stop() }

        let (later, chain, elapsed) = try await blocking { () -> (RawResponse, RawResponse, Double) in
            let connection = try RawConnection(port: port)
            let start = ContinuousClock.now
            let later = try connection.roundTrip(get("/later"))
            let elapsed = seconds(since: start)
            return (later, try connection.roundTrip(get("/chain")), elapsed)
        }
        #expect(later.text == "later")
        #expect(elapsed >= 0.09)
        #expect(chain.status == 202)
        #expect(chain.text == "chained")
    }
}
