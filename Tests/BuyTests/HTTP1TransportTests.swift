import Buy
import BuyCurl
import BuyHTTP1
import BuyflowCore
import Foundation
import HTTPServer
import Synchronization
import Testing

/// `Graph.HTTP1Transport` on its own: what the shared loopback suites (which run over
/// every `TransportKind`; timing, reuse and concurrency are in `TransportTests`) do not reach — framing the server chooses, connection reuse
/// and its failures, deadlines, its task executor.
@Suite("HTTP1Transport")
struct HTTP1TransportTests {
    private func post(_ url: URL, body: String = #"{"query":"{shop{name}}"}"#, timeout: Duration? = nil) -> Graph.HTTPRequest {
        Graph.HTTPRequest(url: url, headers: ["Content-Type": "application/json"], body: Data(body.utf8), timeout: timeout)
    }

    private static func response(_ body: String, extra: String = "") -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\(extra)\r\n\(body)"
    }

    @Test("Sends the request line, Host and the request's headers; frames the body itself")
    func requestHead() async throws {
        let server = try ScriptedSocketServer { _, _ in .reply(Self.response(shopJSON)) }
        let transport = Graph.HTTP1Transport()
        var request = post(URL(string: "http://127.0.0.1:\(server.port)/api/2026-04/graphql.json?trace=1#fragment")!)
        request.headers["X-Shopify-Storefront-Access-Token"] = "secret"
        request.headers["Content-Length"] = "999"
        _ = try await transport.send(request)
        let head = try #require(server.heads.first)
        let lines = head.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "POST /api/2026-04/graphql.json?trace=1 HTTP/1.1")
        #expect(lines.contains("Host: 127.0.0.1:\(server.port)"))
        #expect(lines.contains("X-Shopify-Storefront-Access-Token: secret"))
        #expect(lines.filter { $0.lowercased().hasPrefix("content-length:") } == ["Content-Length: \(request.body.count)"])
    }

    /// The parser's cases: each response, sent raw, and what the transport must make of it.
    static let framings: [(String, String, String)] = [
        ("chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n3\r\n 1}\r\n0\r\n\r\n", #"{"a": 1}"#),
        ("interim 103 first", "HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n" + response(#"{"b":2}"#), #"{"b":2}"#),
        ("split header values", "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "v", count: 70_000) + "\r\nContent-Length: 2\r\n\r\n{}", "{}"),
    ]

    @Test("Parses the framings a server may choose", arguments: framings)
    func framing(name: String, raw: String, body: String) async throws {
        let server = try ScriptedSocketServer { _, _ in .reply(raw) }
        let response = try await Graph.HTTP1Transport().send(post(server.url))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    @Test("A body that runs to the end of the connection (HTTP/1.0) is complete when it closes")
    func closeDelimited() async throws {
        let server = try ScriptedSocketServer { _, _ in .replyAndClose("HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{\"c\":3}") }
        let transport = Graph.HTTP1Transport()
        let response = try await transport.send(post(server.url))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"c":3}"#)
        #expect(response.httpVersion == "HTTP/1.0")
        let again = try await transport.send(post(server.url))
        #expect(again.timing.reusedConnection == false, "an HTTP/1.0 connection is not kept")
        #expect(server.connectionCount == 2)
    }

    @Test("A keep-alive connection the server closed while idle is replaced without an error")
    func staleConnection() async throws {
        let server = try ScriptedSocketServer { _, _ in .replyAndClose(Self.response(shopJSON)) }
        let transport = Graph.HTTP1Transport()
        _ = try await transport.send(post(server.url))
        for _ in 0..<3 {
            let response = try await transport.send(post(server.url))
            #expect(response.status == 200)
        }
        #expect(server.connectionCount == 4)
    }

    @Test("A reused connection that closes without answering gets the request once more, not forever")
    func retriesOnce() async throws {
        // Connection 0 answers once, then drops the next request; later ones drop it at once.
        let server = try ScriptedSocketServer { connection, request in
            connection == 0 && request == 0 ? .reply(Self.response(shopJSON)) : .close
        }
        let transport = Graph.HTTP1Transport()
        _ = try await transport.send(post(server.url))
        let error = await #expect(throws: Graph.TransportError.self) { try await transport.send(post(server.url)) }
        #expect(error?.kind == .network)
        #expect(error?.message == "the server closed the connection before responding")
        #expect(server.heads.count == 3, "the first request, then the second one twice")
    }

    @Test("A 408 on a reused connection (the server timing it out) is sent again; on a new one it is the answer")
    func requestTimeout408() async throws {
        let timeout408 = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        let server = try ScriptedSocketServer { connection, request in
            switch (connection, request) {
            case (0, 0): .reply(Self.response(shopJSON))
            case (0, _): .replyAndClose(timeout408)
            case (1, _): .reply(Self.response(shopJSON))
            default: .replyAndClose(timeout408)
            }
        }
        let transport = Graph.HTTP1Transport()
        _ = try await transport.send(post(server.url))
        let resent = try await transport.send(post(server.url))
        #expect(resent.status == 200)
        #expect(server.heads.count == 3, "the second request went out twice")
        let fresh = try await Graph.HTTP1Transport().send(post(server.url))
        #expect(fresh.status == 408, "on a new connection a 408 is the server's answer")
    }

    static let broken: [(String, ScriptedSocketServer.Action, String)] = [
        ("garbage", .replyAndClose("SSH-2.0-OpenSSH_9.2\r\n\r\n"), "invalid HTTP response"),
        ("cut short", .replyAndClose("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"d\":"),
         "the server closed the connection in the middle of the response"),
        ("no answer", .close, "the server closed the connection before responding"),
    ]

    @Test("A broken response is a network error, not a response", arguments: broken)
    func brokenResponses(name: String, action: ScriptedSocketServer.Action, message: String) async throws {
        let server = try ScriptedSocketServer { _, _ in action }
        let error = await #expect(throws: Graph.TransportError.self) { try await Graph.HTTP1Transport().send(post(server.url)) }
        #expect(error?.kind == .network)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }

    @Test("A body over maxResponseBytes fails the request")
    func responseLimit() async throws {
        let server = try ScriptedSocketServer { _, _ in .reply(Self.response(String(repeating: "x", count: 5000))) }
        let transport = Graph.HTTP1Transport(configuration: .init(maxResponseBytes: 4096))
        let error = await #expect(throws: Graph.TransportError.self) { try await transport.send(post(server.url)) }
        #expect(error?.message == "the response body is larger than 4096 bytes")
    }

    @Test("HEAD and 204 responses have no body even with a Content-Length")
    func bodiless() async throws {
        let server = try ScriptedSocketServer { _, request in
            request == 0 ? .reply("HTTP/1.1 200 OK\r\nContent-Length: 42\r\n\r\n") : .reply("HTTP/1.1 204 No Content\r\n\r\n")
        }
        let transport = Graph.HTTP1Transport()
        let head = try await transport.send(Graph.HTTPRequest(method: "HEAD", url: server.url))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        let empty = try await transport.send(post(server.url))
        #expect(empty.status == 204)
        #expect(empty.timing.reusedConnection == true, "the HEAD answer left the connection usable")
    }

    @Test("A request past its timeout fails with .timeout, and the transport goes on")
    func timeout() async throws {
        let server = try ScriptedSocketServer { connection, request in
            connection == 0 && request == 0 ? .after(.seconds(300), .reply(Self.response(shopJSON))) : .reply(Self.response(shopJSON))
        }
        let transport = Graph.HTTP1Transport()
        let start = ContinuousClock.now
        let error = await #expect(throws: Graph.TransportError.self) { try await transport.send(post(server.url, timeout: .milliseconds(200))) }
        #expect(error?.kind == .timeout)
        // A hang guard: the whole test suite shares two cores; the answer would take 300 s.
        #expect(ContinuousClock.now - start < .seconds(200))
        let response = try await transport.send(post(server.url))
        #expect(response.status == 200)
        #expect(response.timing.reusedConnection == false, "the timed-out connection was closed, not reused")
    }

    @Test("A cancelled request ends at once with .cancelled, and the transport goes on")
    func cancel() async throws {
        let server = try ScriptedSocketServer { connection, request in
            connection == 0 && request == 0 ? .after(.seconds(300), .reply(Self.response(shopJSON))) : .reply(Self.response(shopJSON))
        }
        let transport = Graph.HTTP1Transport()
        let task = Task { try await transport.send(post(server.url)) }
        try await waitUntil { server.heads.count == 1 }
        let start = ContinuousClock.now
        task.cancel()
        let error = await #expect(throws: Graph.TransportError.self) { try await task.value }
        #expect(error?.kind == .cancelled)
        #expect(ContinuousClock.now - start < .seconds(200), "aborted, not waited for the 300 s answer")
        #expect(try await transport.send(post(server.url)).status == 200)
    }

    @Test("Connection refused is a network error naming the address")
    func refused() async throws {
        let port = try ScriptedSocketServer { _, _ in .close }.port // released: nothing listens now
        let error = await #expect(throws: Graph.TransportError.self) {
            try await Graph.HTTP1Transport().send(post(URL(string: "http://127.0.0.1:\(port)/")!))
        }
        #expect(error?.kind == .network)
        #expect(error?.message == "connect to 127.0.0.1:\(port) failed: Connection refused")
    }

    @Test("Host names resolve, falling back to the next address when one refuses")
    func localhost() async throws {
        // `localhost` may resolve to ::1 first; the server listens on 127.0.0.1 only.
        let shop = try TestShop(json: shopJSON)
        let url = URL(string: "http://localhost:\(shop.port)/api/2026-04/graphql.json")!
        let response = try await Graph.HTTP1Transport().send(post(url))
        #expect(response.status == 200)
        let error = await #expect(throws: Graph.TransportError.self) {
            try await Graph.HTTP1Transport().send(post(URL(string: "http://no-such-host.invalid/")!))
        }
        #expect(error?.message.hasPrefix("could not resolve host 'no-such-host.invalid'") == true)
    }

    @Test("Refuses header injection and bad URLs; hands https to the secure transport")
    func routing() async throws {
        let stub = Graph.StubTransport.json(shopJSON)
        let transport = Graph.HTTP1Transport(secureTransport: stub)
        var injected = post(URL(string: "http://127.0.0.1:9/")!)
        injected.headers["X-Evil"] = "a\r\nX-Injected: 1"
        let injection = await #expect(throws: Graph.TransportError.self) { try await transport.send(injected) }
        #expect(injection?.kind == .invalidRequest)
        let credentials = await #expect(throws: Graph.TransportError.self) {
            try await transport.send(post(URL(string: "http://user:pw@127.0.0.1:9/")!))
        }
        #expect(credentials?.kind == .invalidRequest)
        let secure = try await transport.send(post(URL(string: "https://shoes.myshopify.com/api/2026-04/graphql.json")!))
        #expect(secure.status == 200)
        #expect(stub.requests.count == 1)
    }

    @Test("Under a storm of slow answers, timeouts and cancellations every request ends once, as it should, and the transport goes on")
    func storm() async throws {
        // Requests to /hold are answered after 120 s (long past any cancellation, even on a pool starved by the whole suite): every fifth has a 25 ms timeout, every
        // seventh is cancelled within 20 ms. The others are answered after 0–40 ms.
        let server = try ScriptedSocketServer { connection, request, head in
            head.hasPrefix("POST /hold") ? .after(.seconds(120), .reply(Self.response(shopJSON)))
                : .after(.milliseconds((connection * 7 + request * 13) % 41), .reply(Self.response(shopJSON)))
        }
        let transport = Graph.HTTP1Transport()
        let outcomes = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<120 {
                let held = index % 5 == 0 || index % 7 == 0
                let url = URL(string: "http://127.0.0.1:\(server.port)/\(held ? "hold" : "graphql.json")")!
                let task = Task { () -> String in
                    do {
                        let response = try await transport.send(post(url, timeout: index % 5 == 0 ? .milliseconds(25) : nil))
                        return response.status == 200 ? "ok" : "status \(response.status)"
                    } catch let error as Graph.TransportError {
                        return error.kind.rawValue
                    } catch {
                        return "\(error)"
                    }
                }
                group.addTask {
                    if index % 7 == 0 {
                        try? await Task.sleep(for: .milliseconds(index % 20))
                        task.cancel()
                    }
                    return (index, await task.value)
                }
            }
            return await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.count == 120)
        for (index, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            switch (index % 5 == 0, index % 7 == 0) {
            case (false, false): #expect(outcome == "ok", "request \(index)")
            case (true, false): #expect(outcome == "timeout", "request \(index)")
            case (false, true): #expect(outcome == "cancelled", "request \(index)")
            case (true, true): #expect(outcome == "timeout" || outcome == "cancelled", "request \(index)")
            }
        }
        for _ in 0..<5 {
            #expect(try await transport.send(post(server.url)).status == 200)
        }
    }

    @Test("Tasks preferring its executor send on the loop's thread")
    func executor() async throws {
        let shop = try TestShop(json: shopJSON)
        let transport = Graph.HTTP1Transport()
        let executor = try #require(transport.taskExecutor)
        let client = Graph.Client(endpoint: shop.url, apiKey: "k", transport: transport)
        let results = await withTaskGroup(of: (String?, String, String).self) { group in
            for _ in 0..<20 {
                group.addTask(executorPreference: executor) {
                    let before = currentThreadName()
                    let name = await client.queryGraphWith(shopNameQuery()).response?.shop.name
                    return (name, before, currentThreadName())
                }
            }
            return await group.reduce(into: [(String?, String, String)]()) { $0.append($1) }
        }
        #expect(results.map(\.0) == Array(repeating: "Sample Shoes", count: 20))
        #expect(Set(results.flatMap { [$0.1, $0.2] }) == ["buyflow.http1"])
    }

    @Test("Once the transport is gone, tasks preferring its executor go on on the global one")
    func executorOutlivesTransport() async throws {
        var transport: Graph.HTTP1Transport? = Graph.HTTP1Transport()
        let executor = try #require(transport?.taskExecutor)
        transport = nil
        try await Task.sleep(for: .milliseconds(100))
        let value = await Task(executorPreference: executor) { () async -> Int in
            await Task.yield()
            return 2
        }.value
        #expect(value == 2)
    }
}

/// The name of the calling thread, as the kernel knows it.
private func currentThreadName() -> String {
    Thread.current.name ?? ""
}
