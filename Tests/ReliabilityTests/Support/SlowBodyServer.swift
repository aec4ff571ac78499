import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP server whose answers arrive slowly: the head at once, then the body a
/// few bytes at a time (`pause` between pieces). Counts the requests it reads, and the
/// operations named in them, to prove what a client sent.
final class SlowBodyServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let body: [UInt8]
    private let pieces: Int
    private let pause: Duration
    private let extraHeaders: String
    private let received = Mutex<[String]>([])

    var url: String { "http://127.0.0.1:\(port)/api/2026-04/graphql.json" }

    /// The request bodies received, in order.
    var requests: [String] { received.withLock { $0 } }

    /// `extraHeaders`: header lines (each ending in CRLF) added to every answer.
    init(body: String, pieces: Int, pause: Duration, extraHeaders: String = "") throws {
        self.body = Array(body.utf8)
        self.extraHeaders = extraHeaders
        self.pieces = max(1, pieces)
        self.pause = pause
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 64) == 0 else { throw RawHTTP.Failure(description: "cannot listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in acceptLoop() }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var expected: Int?
        while expected.map({ data.count < $0 }) ?? true {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return }
            data += buffer[0..<count]
            if expected == nil, let end = RawHTTP.find([13, 10, 13, 10], in: data) {
                let head = String(decoding: data[0..<end], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                expected = end + 4 + length
                if head.contains("expect: 100-continue") { RawHTTP.send(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
            }
        }
        let end = RawHTTP.find([13, 10, 13, 10], in: data) ?? 0
        received.withLock { $0.append(String(decoding: data[(end + 4)...], as: UTF8.self)) }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\(extraHeaders)Connection: close\r\n\r\n"
        guard RawHTTP.send(connection, Array(head.utf8)) else { return }
        let size = (body.count + pieces - 1) / pieces
        var offset = 0
        while offset < body.count {
            if pause > .zero { Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds)) }
            let piece = Array(body[offset..<min(body.count, offset + size)])
            guard RawHTTP.send(connection, piece) else { return }
            offset += size
        }
    }
}
