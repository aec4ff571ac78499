import HTTPServer
import Synchronization

/// Collects the requests a handler saw.
final class Recorder: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])

    func record(_ request: HTTPRequest) {
        requests.withLock { $0.append(request) }
    }

    var all: [HTTPRequest] { requests.withLock { $0 } }
    var count: Int { requests.withLock { $0.count } }
}

/// Starts a server on 127.0.0.1 and a free port; returns it with its port.
func startServer(
    _ configuration: HTTPServer.Configuration = HTTPServer.Configuration(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPReply
) throws -> (HTTPServer, Int) {
    let server = HTTPServer(configuration: configuration, handler: handler)
    try server.start()
    guard let port = server.port else { throw ClientError("no port after start()") }
    return (server, port)
}

/// A handler answering with the request's body, method and path in headers.
let echo: @Sendable (HTTPRequest) -> HTTPReply = { request in
    .respond(HTTPResponse(
        status: 200,
        headers: ["X-Method": request.method, "X-Path": request.path, "X-Body-Length": String(request.body.count)],
        body: request.body
    ))
}
