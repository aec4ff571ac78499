import HTTPServer
import Testing

@Suite("Responses")
struct ResponseTests {
    /// A tiny router: what a handler returns is what the client gets.
    static let router: @Sendable (HTTPRequest) -> HTTPReply = { request in
        switch (request.method, request.path) {
        case ("GET", "/ok"):
            return .respond(.json(body: #"{"data":{}}"#))
        case (_, "/ok"):
            return .respond(HTTPResponse(status: 405, headers: ["Allow": "GET"], body: Array("method not allowed".utf8)))
        case (_, "/empty"):
            return .respond(HTTPResponse(status: 204))
        case (_, "/boom"):
            return .respond(.json(status: 500, body: #"{"errors":[{"message":"boom"}]}"#))
        case (_, "/throttled"):
            return .respond(.json(status: 429, body: #"{"errors":[]}"#).withHeader("Retry-After", "1"))
        default:
            return .respond(.json(status: 404, body: #"{"errors":[{"message":"not found"}]}"#))
        }
    }

    @Test("The handler's status, headers and body reach the client", arguments: [
        ("GET", "/ok", 200, #"{"data":{}}"#),
        ("POST", "/ok", 405, "method not allowed"),
        ("GET", "/nowhere", 404, #"{"errors":[{"message":"not found"}]}"#),
        ("DELETE", "/boom", 500, #"{"errors":[{"message":"boom"}]}"#),
        ("GET", "/throttled", 429, #"{"errors":[]}"#),
        ("GET", "/empty", 204, ""),
    ])
    func statusFromHandler(method: String, path: String, status: Int, body: String) async throws {
        let (server, port) = try startServer(handler: Self.router)
        defer { server.stop() }

        let response = try await blocking {
            let length = method == "POST" ? "Content-Length: 0\r\n" : ""
            return try RawConnection(port: port).roundTrip("\(method) \(path) HTTP/1.1\r\nHost: x\r\n\(length)\r\n")
        }
        #expect(response.status == status)
        #expect(response.text == body)
        if status != 204 {
            #expect(response.header("Content-Length") == String(body.utf8.count))
        }
        if status == 405 { #expect(response.header("Allow") == "GET") }
        if status == 429 { #expect(response.header("Retry-After") == "1") }
        #expect(response.header("Connection")?.lowercased() != "close")
    }

    @Test("The server frames the body itself: a handler's Content-Length is ignored")
    func contentLengthIsTheServers() async throws {
        let (server, port) = try startServer { _ in
            .respond(HTTPResponse(status: 200, headers: ["Content-Length": "999", "X-A": "1", "X-B": "2"], body: [1, 2, 3]))
        }
        defer { server.stop() }

        let response = try await blocking { try RawConnection(port: port).roundTrip(get("/")) }
        #expect(response.headerCount("Content-Length") == 1)
        #expect(response.header("Content-Length") == "3")
        #expect(response.body == [1, 2, 3])
        #expect(response.header("X-A") == "1")
        #expect(response.header("X-B") == "2")
    }

    @Test("Keep-alive: sequential and pipelined requests share one connection")
    func keepAlive() async throws {
        let recorder = Recorder()
        let (server, port) = try startServer { request in
            recorder.record(request)
            return .respond(.json(body: #"{"path":"\#(request.path)"}"#))
        }
        defer { server.stop() }

        let bodies = try await blocking { () -> [String] in
            let connection = try RawConnection(port: port)
            var bodies: [String] = []
            bodies.append(try connection.roundTrip(get("/one")).text)
            bodies.append(try connection.roundTrip(get("/two")).text)
            // Pipelined: both requests in one write, both answers in order.
            try connection.send(get("/three") + get("/four"))
            for _ in 0..<2 {
                guard let response = try connection.readResponse() else { throw ClientError("closed") }
                bodies.append(response.text)
            }
            return bodies
        }
        #expect(bodies == [#"{"path":"/one"}"#, #"{"path":"/two"}"#, #"{"path":"/three"}"#, #"{"path":"/four"}"#])
        // One client port for all four: one TCP connection.
        #expect(Set(recorder.all.compactMap(\.remoteAddress)).count == 1)
    }
}

/// A handler type, as the sample shop writes one.
struct Greeter: HTTPHandler {
    let greeting: String

    func reply(to request: HTTPRequest) -> HTTPReply {
        guard request.method == "GET" else {
            return .respond(HTTPResponse(status: 405, headers: ["Allow": "GET"]))
        }
        return .respond(.json(body: #"{"greeting":"\#(greeting), \#(request.queryValue("name") ?? "you")"}"#))
    }
}

@Suite("HTTPHandler types")
struct HandlerTypeTests {
    @Test func aHandlerTypeServes() async throws {
        let server = HTTPServer(handler: Greeter(greeting: "Hello"))
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)

        let (hello, refused) = try await blocking { () -> (RawResponse, RawResponse) in
            let connection = try RawConnection(port: port)
            return (
                try connection.roundTrip(get("/?name=Ada%20L")),
                try connection.roundTrip("DELETE / HTTP/1.1\r\nHost: x\r\n\r\n")
            )
        }
        #expect(hello.text == #"{"greeting":"Hello, Ada L"}"#)
        #expect(refused.status == 405)
        #expect(refused.header("Allow") == "GET")
        #expect(refused.header("Content-Length") == "0")
    }
}

extension HTTPResponse {
    func withHeader(_ name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers[name] = value
        return copy
    }
}
