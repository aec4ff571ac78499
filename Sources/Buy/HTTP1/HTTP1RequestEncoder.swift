#if os(Linux)
import Foundation

/// Writes a request as HTTP/1.1 bytes: the request line, `Host` (unless the request
/// sets one), the request's headers, `Content-Length` for a body, a blank line, the body.
/// A header whose name or value could split the message (CR, LF, NUL, a colon or space
/// in the name) is refused rather than sent.
enum HTTP1RequestEncoder {
    static func encode(_ request: Graph.HTTPRequest, target: HTTP1Target) throws(Graph.TransportError) -> [UInt8] {
        let method = request.method
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else {
            throw Graph.TransportError(.invalidRequest, "invalid HTTP method '\(request.method)'")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + request.body.count)
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
            // The transport frames the message itself.
            if Graph.HTTPHeaders.namesMatch(name, "Content-Length") || Graph.HTTPHeaders.namesMatch(name, "Transfer-Encoding")
                || Graph.HTTPHeaders.namesMatch(name, "Connection") {
                continue
            }
            append(name, value, to: &bytes)
        }
        if !request.body.isEmpty || !(method == "GET" || method == "HEAD") {
            append("Content-Length", String(request.body.count), to: &bytes)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        bytes.append(contentsOf: request.body)
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
