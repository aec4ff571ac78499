import Buy
import BuyflowCore
import Foundation
import HTTPServer
import Synchronization

/// A scripted GraphQL server on 127.0.0.1 (port 0): records every request and answers
/// with the handler's reply, given the request and its 0-based number. Stops when released.
final class TestShop: Sendable {
    struct Received: Sendable {
        let method: String
        let path: String
        let headers: HTTPHeaders
        let body: [UInt8]
        let arrival: ContinuousClock.Instant

        /// The request body parsed as JSON.
        var json: JSONValue? { try? JSONParser().parse(bytes: body) }
        var query: String? { json?["query"]?.stringValue }
        func header(_ name: String) -> String? { headers[name] }
    }

    private final class Recorder: Sendable {
        let log = Mutex<[Received]>([])

        func record(_ request: HTTPRequest) -> Int {
            let received = Received(method: request.method, path: request.path, headers: request.headers, body: request.body, arrival: .now)
            return log.withLock { log in
                log.append(received)
                return log.count - 1
            }
        }
    }

    private let server: HTTPServer
    private let recorder = Recorder()
    let port: Int

    init(_ reply: @escaping @Sendable (HTTPRequest, Int) -> HTTPReply) throws {
        let recorder = self.recorder
        // A long idle timeout: on a loaded machine a kept-alive connection must not be closed
        // between two requests of a test.
        server = HTTPServer(configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 2, idleTimeout: .seconds(120))) { request in
            reply(request, recorder.record(request))
        }
        try server.start()
        port = server.port ?? 0
    }

    /// Answers every request with this JSON.
    convenience init(json: String, status: Int = 200) throws {
        try self.init { _, _ in .respond(.json(status: status, body: json)) }
    }

    deinit { server.stop() }

    func stop() { server.stop() }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/api/2026-04/graphql.json")! }
    var requests: [Received] { recorder.log.withLock { $0 } }
    var requestCount: Int { recorder.log.withLock { $0.count } }
}
