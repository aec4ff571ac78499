import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Testing

@Suite("Requests")
struct RequestTests {
    @Test("GET with percent-encoded path and query items, over URLSession")
    func getWithQueryItems() async throws {
        let recorder = Recorder()
        let (server, port) = try startServer { request in
            recorder.record(request)
            return .respond(.json(body: #"{"ok":true}"#))
        }
        defer { server.stop() }

        let url = URL(string: "http://127.0.0.1:\(port)/api/2026-04/some%20path?q=red%20shoe&tag=a+b&empty=&flag&q=second&sym=%26%3D%3F")!
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)

        let request = try #require(recorder.all.first)
        #expect(request.method == "GET")
        #expect(request.path == "/api/2026-04/some path")
        #expect(request.queryItems == [
            .init(name: "q", value: "red shoe"),
            .init(name: "tag", value: "a b"),
            .init(name: "empty", value: ""),
            .init(name: "flag", value: nil),
            .init(name: "q", value: "second"),
            .init(name: "sym", value: "&=?"),
        ])
        #expect(request.queryValue("q") == "red shoe")
        #expect(request.queryValue("missing") == nil)
        #expect(request.body.isEmpty)
    }

    @Test("POST bodies arrive whole, up to the limit", arguments: [0, 13, 65_536, 1_000_000, 1 << 20])
    func postBody(size: Int) async throws {
        let (server, port) = try startServer(handler: echo)
        defer { server.stop() }

        let body = Data(pattern(size))
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql.json")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "X-Method") == "POST")
        #expect(http.value(forHTTPHeaderField: "X-Body-Length") == String(size))
        #expect(data == body)
    }

    @Test("A declared body over the limit gets 413 before it is sent, and the handler never runs")
    func declaredBodyTooLarge() async throws {
        let recorder = Recorder()
        let (server, port) = try startServer { request in
            recorder.record(request)
            return .respond(HTTPResponse())
        }
        defer { server.stop() }

        let response = try await blocking {
            let connection = try RawConnection(port: port)
            // Only the head: the server must answer without waiting for the body.
            return try connection.roundTrip(
                "POST /graphql.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1048577\r\n\r\n"
            )
        }
        #expect(response.status == 413)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text == #"{"errors":[{"message":"request body exceeds 1048576 bytes"}]}"#)
        #expect(recorder.count == 0)
    }

    @Test("An oversized body over URLSession gets 413 or a closed connection, never the handler")
    func oversizedBodyOverURLSession() async throws {
        let recorder = Recorder()
        let (server, port) = try startServer { request in
            recorder.record(request)
            return .respond(HTTPResponse())
        }
        defer { server.stop() }

        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql.json")!)
        request.httpMethod = "POST"
        request.httpBody = Data(count: (1 << 20) + 1)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        // The server closes after the 413 without reading the body, so the client may see
        // the reset before the answer; either way the request is refused.
        if let (data, response) = try? await session.data(for: request) {
            #expect((response as? HTTPURLResponse)?.statusCode == 413)
            #expect(String(decoding: data, as: UTF8.self).contains("request body exceeds 1048576 bytes"))
        }
        #expect(recorder.count == 0)
    }

    @Test("A chunked body over the limit gets 413 once it ends", arguments: [false, true])
    func chunkedBodyTooLarge(oversized: Bool) async throws {
        let (server, port) = try startServer(HTTPServer.Configuration(maxBodySize: 1000), handler: echo)
        defer { server.stop() }

        let chunk = String(repeating: "x", count: 300)
        let chunks = oversized ? 4 : 3
        let response = try await blocking {
            let connection = try RawConnection(port: port)
            var request = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<chunks { request += "12c\r\n\(chunk)\r\n" }
            request += "0\r\n\r\n"
            return try connection.roundTrip(request)
        }
        if oversized {
            #expect(response.status == 413)
            #expect(response.text == #"{"errors":[{"message":"request body exceeds 1000 bytes"}]}"#)
        } else {
            #expect(response.status == 200)
            #expect(response.body.count == 900)
        }
    }

    @Test("Header names are matched case-insensitively; the client address is reported")
    func headersCaseInsensitive() async throws {
        let recorder = Recorder()
        let (server, port) = try startServer { request in
            recorder.record(request)
            var response = HTTPResponse.text(body: "ok")
            response.headers["x-echo"] = request.headers["X-CUSTOM-HEADER"] ?? "missing"
            response.headers.add(name: "X-Token-Seen", value: request.headers["x-shopify-storefront-access-token"] ?? "none")
            return .respond(response)
        }
        defer { server.stop() }

        let response = try await blocking {
            try RawConnection(port: port).roundTrip(get("/", headers: [
                "x-cUsToM-hEaDeR: Value One",
                "X-Shopify-Storefront-Access-Token: secret",
            ]))
        }
        #expect(response.status == 200)
        #expect(response.header("X-Echo") == "Value One")
        #expect(response.header("x-token-seen") == "secret")

        let request = try #require(recorder.all.first)
        #expect(request.headers["x-custom-header"] == "Value One")
        #expect(request.headers["HOST"] == "127.0.0.1")
        #expect(request.headers["Missing"] == nil)
        let remote = try #require(request.remoteAddress)
        #expect(remote.hasPrefix("127.0.0.1:"))
        #expect(Int(remote.dropFirst("127.0.0.1:".count)).map { $0 > 0 } == true)
    }
}

/// `count` bytes of a non-repeating-looking pattern (cheap even in debug builds).
func pattern(_ count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        var value: UInt32 = 2_463_534_242
        for index in 0..<count {
            value ^= value << 13
            value ^= value >> 17
            value ^= value << 5
            buffer[index] = UInt8(truncatingIfNeeded: value)
        }
        initialized = count
    }
}

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test func caseInsensitiveLookupAndReplacement() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "Set-Cookie": "a=1"]
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.count == 3)

        headers["SET-COOKIE"] = "c=3"
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        #expect(headers.map(\.name) == ["Content-Type", "Set-Cookie"])

        headers["Content-Type"] = nil
        #expect(headers["content-type"] == nil)
        headers["X-New"] = "1"
        #expect(headers.map(\.name) == ["Set-Cookie", "X-New"])
        headers.remove(name: "x-new")
        #expect(headers.count == 1)
    }

    @Test func namesDifferingBeyondCaseDoNotMatch() {
        let headers: HTTPHeaders = ["X-Ab": "1", "X-A[": "2"]
        #expect(headers["x-ab"] == "1")
        #expect(headers["x-a{"] == nil)
        #expect(headers["x-a"] == nil)
    }
}
