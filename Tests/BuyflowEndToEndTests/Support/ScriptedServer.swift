import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 responder on a loopback port, on POSIX sockets: every request gets
/// the same scripted answer (`Connection: close`), and the requests are counted. For the
/// answers the sample shop never gives (a body that is not JSON, JSON without `data`),
/// and to prove that nothing was sent.
final class ScriptedServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let answer: [UInt8]
    private let counter = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    /// The requests received so far (counted once their head and body are read).
    var requestCount: Int { counter.load(ordering: .acquiring) }

    /// A Storefront-looking endpoint on this server.
    var url: String { "http://127.0.0.1:\(port)/api/2026-04/graphql.json" }

    /// Listens on 127.0.0.1 on a free port and answers every request with `status`,
    /// `contentType` and `body`.
    init(status: Int = 200, contentType: String = "application/json", body: String) throws {
        let bodyBytes = Array(body.utf8)
        let head =
            "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Type: \(contentType)\r\n"
            + "Content-Length: \(bodyBytes.count)\r\nConnection: close\r\n\r\n"
        answer = Array(head.utf8) + bodyBytes
        (listener, port) = try Self.openListener()
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops listening (the accept loop ends); once.
    func stop() {
        guard stopped.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    /// A port on 127.0.0.1 that nothing listens on (bound, then closed).
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try openListener()
        close(socket)
        return port
    }

    private static func openListener() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            serve(connection)
        }
    }

    /// Reads one request (head, then `Content-Length` bytes of body) and answers it.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var expected: Int?
        while expected.map({ received.count < $0 }) ?? true {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return }
            received += buffer[0..<count]
            if expected == nil, let end = Self.headEnd(received) {
                let head = String(decoding: received[0..<end], as: UTF8.self).lowercased()
                let length =
                    head.split(separator: "\r\n")
                    .first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                expected = end + 4 + length
                if head.contains("expect: 100-continue") {
                    let go = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                    _ = go.withUnsafeBytes { write(connection, $0.baseAddress!, $0.count) }
                }
            }
        }
        counter.add(1, ordering: .releasing)
        answer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(connection, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
