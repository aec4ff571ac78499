import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP/1.1 by hand on POSIX sockets: requests the shop must survive (oversized,
/// malformed, half sent), with a receive timeout so no test can hang on a reply.
enum RawHTTP {
    struct Response {
        var status: Int
        var head: String
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A POST with a JSON (or any) body.
    static func post(path: String = "/api/2026-04/graphql.json", body: String, headers: [String] = []) -> [UInt8] {
        post(path: path, body: Array(body.utf8), headers: headers)
    }

    static func post(path: String = "/api/2026-04/graphql.json", body: [UInt8], headers: [String] = []) -> [UInt8] {
        let head = (["POST \(path) HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
                     "Content-Length: \(body.count)", "Connection: close"] + headers).joined(separator: "\r\n")
        return Array((head + "\r\n\r\n").utf8) + body
    }

    /// A connected socket to 127.0.0.1:`port`, reads timing out after `timeout`.
    static func connect(port: UInt16, timeout: Duration = .seconds(10)) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect: \(String(cString: strerror(errno)))")
        }
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    /// Writes all of `bytes`; false when the peer closed (or reset) first.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { send_(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    private static func send_(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    }

    /// Reads a response: the head, then `Content-Length` bytes (or up to the close).
    /// Throws when the connection closes with nothing, or the read times out.
    static func readResponse(_ fd: Int32) throws -> Response {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        var expected: Int?
        while true {
            if let expected, received.count >= expected { break }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 { throw Failure(description: "read: \(String(cString: strerror(errno))) after \(received.count) bytes") }
            if count == 0 { break }
            received += buffer[0..<count]
            if headEnd == nil, let end = find([13, 10, 13, 10], in: received) {
                headEnd = end
                let head = String(decoding: received[0..<end], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
                if let length { expected = end + 4 + length }
            }
        }
        guard let headEnd else {
            throw Failure(description: received.isEmpty ? "closed without an answer" : "no complete head: \(received.count) bytes")
        }
        let head = String(decoding: received[0..<headEnd], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Response(status: status, head: head, body: Array(received[(headEnd + 4)...]))
    }

    /// One request on a fresh connection, its response read — on a thread of its own, so
    /// that waiting for a slow answer never holds one of the few threads of Swift
    /// concurrency's pool (which the other tests of the process share).
    static func exchange(port: UInt16, _ request: [UInt8], timeout: Duration = .seconds(10)) async throws -> Response {
        try await offPool {
            let fd = try connect(port: port, timeout: timeout)
            defer { close(fd) }
            send(fd, request)
            return try readResponse(fd)
        }
    }

    /// Runs blocking socket work on a new thread and returns its result.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
