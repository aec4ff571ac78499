import Buy
#if os(Linux)
import Foundation
import Synchronization

/// Writes requests as HTTP/1.1 bytes: the request line, `Host` (unless the request sets
/// one), the request's headers, `Content-Length` for a body, a blank line, the body.
/// A header whose name or value could split the message (CR, LF, NUL, a colon or space
/// in the name) is refused rather than sent; the transport frames the message itself,
/// so the request's own `Content-Length`, `Transfer-Encoding` and `Connection` are left out.
///
/// A client sends the same method, path and headers over and over, so the head of the
/// last request (everything before `Content-Length`) is kept and reused when the next
/// request has the same: checking and writing the headers is most of the work.
final class HTTP1RequestEncoder: Sendable {
    private struct Head {
        var method: String
        var path: String
        var hostHeader: String
        var headers: Graph.HTTPHeaders
        var bytes: [UInt8]
    }

    private let last = Mutex<Head?>(nil)

    func encode(_ request: Graph.HTTPRequest, target: HTTP1Target) throws(Graph.TransportError) -> [UInt8] {
        var bytes = try head(request, target)
        let method = request.method
        bytes.reserveCapacity(bytes.count + 32 + request.body.count)
        if !request.body.isEmpty || !(method == "GET" || method == "HEAD") {
            Self.append("Content-Length", String(request.body.count), to: &bytes)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        bytes.append(contentsOf: request.body)
        return bytes
    }

    private func head(_ request: Graph.HTTPRequest, _ target: HTTP1Target) throws(Graph.TransportError) -> [UInt8] {
        if let last = last.withLock({ $0 }), last.method == request.method, last.path == target.path,
           last.hostHeader == target.hostHeader, last.headers == request.headers {
            return last.bytes
        }
        let bytes = try Self.writeHead(request, target)
        last.withLock {
            $0 = Head(method: request.method, path: target.path, hostHeader: target.hostHeader, headers: request.headers, bytes: bytes)
        }
        return bytes
    }

    private static func writeHead(_ request: Graph.HTTPRequest, _ target: HTTP1Target) throws(Graph.TransportError) -> [UInt8] {
        let method = request.method
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else {
            throw Graph.TransportError(.invalidRequest, "invalid HTTP method '\(request.method)'")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: method.utf8)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: target.path.utf8)
        bytes.append(contentsOf: " HTTP/1.1\r\n".utf8)
        if !request.headers.contains("Host") {
            append("Host", target.hostHeader, to: &bytes)
        }
        for (name, value) in request.headers {
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                throw Graph.TransportError(.invalidRequest, "invalid header name '\(name)'")
            }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw Graph.TransportError(.invalidRequest, "the value of header '\(name)' contains a line break or NUL")
            }
            if Graph.HTTPHeaders.namesMatch(name, "Content-Length") || Graph.HTTPHeaders.namesMatch(name, "Transfer-Encoding")
                || Graph.HTTPHeaders.namesMatch(name, "Connection") {
                continue
            }
            append(name, value, to: &bytes)
        }
        return bytes
    }

    private static func append(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: value.utf8)
        bytes.append(contentsOf: "\r\n".utf8)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
#endif
