import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A response as read off the wire.
struct RawResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func headerCount(_ name: String) -> Int {
        headers.filter { $0.name.lowercased() == name.lowercased() }.count
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client speaking raw HTTP/1.1, for protocol-level tests (keep-alive,
/// half requests, dropped connections). Every read times out so no test can hang.
final class RawConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(host: String = "127.0.0.1", port: Int, timeout: Double = 120) throws {
        let ipv6 = host.contains(":")
        fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            closed = true
            throw ClientError("socket: \(String(cString: strerror(errno)))")
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let message = String(cString: strerror(errno))
            // Through close(): deinit runs for this failed init too, and a second close
            // of the same number could close another thread's descriptor.
            close()
            throw ClientError("connect to \(host) port \(port): \(message)")
        }
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ClientError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads more bytes into the buffer; false at end of stream (EOF or reset).
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer += chunk[0..<count]
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw ClientError("read timed out") }
        throw ClientError("recv: \(String(cString: strerror(errno)))")
    }

    /// Reads one response framed by `Content-Length`; nil if the server closed the
    /// connection before sending anything.
    func readResponse() throws -> RawResponse? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            if let range = buffer.firstRange(of: separator) {
                headerEnd = range.upperBound
                break
            }
            guard try fill() else {
                if buffer.isEmpty { return nil }
                throw ClientError("connection closed inside a response head")
            }
        }
        let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw ClientError("bad status line in \(head)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        buffer.removeFirst(headerEnd!)
        if status == 100 { return try readResponse() }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while buffer.count < length {
            guard try fill() else { throw ClientError("connection closed inside a body") }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Sends a request and reads its response.
    func roundTrip(_ request: String) throws -> RawResponse {
        try send(request)
        guard let response = try readResponse() else { throw ClientError("connection closed without a response") }
        return response
    }

    /// Waits until the server closes the connection; returns the bytes received meanwhile.
    /// Throws if it stays open past the read timeout.
    func readUntilClosed() throws -> [UInt8] {
        while try fill() {}
        defer { buffer.removeAll() }
        return buffer
    }
}

/// `GET path` with the given extra header lines.
func get(_ path: String, headers: [String] = []) -> String {
    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n"
}

/// Runs blocking client code on its own thread, keeping the cooperative pool free for the
/// server's async handlers and the other tests.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
