import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1 (port 0) that answers with raw bytes, for responses a real
/// HTTP server would never send: chunked or close-delimited bodies, interim responses,
/// garbage, a body cut short, a keep-alive connection closed after one answer.
///
/// Each connection runs on a thread of its own: it reads one request at a time (head and
/// `Content-Length` body) and asks `script` what to do with it, given the connection's
/// and the request's 0-based numbers and the request's head.
final class ScriptedSocketServer: Sendable {
    enum Action: Sendable {
        /// Writes the bytes and waits for the next request.
        case reply(String)
        /// Writes the bytes, then closes the connection.
        case replyAndClose(String)
        /// Closes the connection without answering.
        case close
        /// Waits, then acts.
        indirect case after(Duration, Action)
        /// Writes `head`, then `piece` `times` times (until the client goes away), then closes.
        case stream(head: String, piece: [UInt8], times: Int)
    }

    private final class Log: Sendable {
        let connections = Mutex(0)
        let requests = Mutex<[String]>([])
    }

    let port: Int
    private let listener: Int32
    private let log = Log()

    /// A server whose answers depend on the connection and request numbers only.
    convenience init(_ script: @escaping @Sendable (_ connection: Int, _ request: Int) -> Action) throws {
        try self.init { connection, request, _ in script(connection, request) }
    }

    init(_ script: @escaping @Sendable (_ connection: Int, _ request: Int, _ head: String) -> Action) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 512) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [log] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                let number = log.connections.withLock { count in
                    defer { count += 1 }
                    return count
                }
                let worker = Thread {
                    Self.serve(client, connection: number, script: script, log: log)
                }
                worker.start()
            }
        }
        thread.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/graphql.json")! }
    /// Connections accepted so far.
    var connectionCount: Int { log.connections.withLock { $0 } }
    /// The heads (request line and headers) of the requests received so far.
    var heads: [String] { log.requests.withLock { $0 } }

    private static func serve(_ client: Int32, connection: Int, script: @Sendable (Int, Int, String) -> Action, log: Log) {
        defer { Glibc.close(client) }
        var buffer: [UInt8] = []
        var index = 0
        while let head = readRequest(client, &buffer) {
            log.requests.withLock { $0.append(head) }
            var action = script(connection, index, head)
            index += 1
            while case .after(let delay, let next) = action {
                Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
                action = next
            }
            switch action {
            case .reply(let text):
                guard write(client, text) else { return }
            case .replyAndClose(let text):
                _ = write(client, text)
                return
            case .stream(let head, let piece, let times):
                guard write(client, Array(head.utf8)) else { return }
                for _ in 0..<times where !piece.isEmpty {
                    guard write(client, piece) else { return }
                }
                return
            case .close, .after:
                return
            }
        }
    }

    /// Reads one request; returns its head, or `nil` when the peer closed.
    private static func readRequest(_ client: Int32, _ buffer: inout [UInt8]) -> String? {
        let separator = Array("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = buffer.firstRange(of: separator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                if buffer.count >= end.upperBound + length {
                    buffer.removeFirst(end.upperBound + length)
                    return head
                }
            }
            let count = read(client, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private static func write(_ client: Int32, _ text: String) -> Bool { write(client, Array(text.utf8)) }

    private static func write(_ client: Int32, _ all: [UInt8]) -> Bool {
        var bytes = all[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
