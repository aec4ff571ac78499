import BuyflowCore
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client over one loopback TCP connection (keep-alive), so tests see
/// exactly what the server sends: status, headers, body, or a closed connection.
final class RawHTTPClient {
    struct Response {
        var status: Int
        /// Header names lowercased.
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }

        var json: JSONValue? { try? JSONParser().parse(bytes: body) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeoutSeconds: Int = 15) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port)")
        }
    }

    deinit { close(fd) }

    /// Sends one request and reads its response; throws when the server closes the
    /// connection without answering.
    func send(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        do {
            try write(Array(head.utf8) + body)
        } catch {
            // The server may answer early (413) and close before the whole body is sent:
            // the answer is still there to read.
            if let response = try? readResponse() { return response }
            throw error
        }
        return try readResponse()
    }

    /// Sends only the head of a request announcing a body of `contentLength` bytes with
    /// `Expect: 100-continue`, as clients do for large uploads, and reads the answer the
    /// server gives before any of the body is sent.
    func sendHead(_ method: String, _ path: String, contentLength: Int, headers: [(String, String)] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(contentLength)\r\n\r\n"
        try write(Array(head.utf8))
        return try readResponse()
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send failed") }
            offset += written
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed by the server" : "recv failed (errno \(errno))") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    private func readResponse() throws -> Response {
        var headerEnd: Int?
        while headerEnd == nil {
            if let index = Self.find([13, 10, 13, 10], in: buffer) { headerEnd = index } else { try fill() }
        }
        let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
        buffer.removeFirst(headerEnd! + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line") }
        var headers: [(String, String)] = []
        var length = 0
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers.append((name, String(value)))
            if name == "content-length" { length = Int(value) ?? 0 }
        }
        while buffer.count < length { try fill() }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}
