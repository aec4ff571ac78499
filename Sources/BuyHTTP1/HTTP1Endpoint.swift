import Buy
#if os(Linux)
import Foundation

/// Where an `http://` request goes, read once from its URL: the host and port that key
/// the connection pool, the request target (`/path?query`) and the `Host` header.
struct HTTP1Endpoint: Sendable, Hashable {
    /// The host as in the URL, without an IPv6 literal's brackets.
    var host: String
    var port: UInt16

    init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }
}

/// One request's endpoint and the first line's target.
struct HTTP1Target: Sendable {
    var endpoint: HTTP1Endpoint
    /// `/api/2026-04/graphql.json?x=1`, percent-encoded as in the URL.
    var path: String
    /// `127.0.0.1:8080`, or the bare host on port 80.
    var hostHeader: String

    /// Reads an `http` URL's text; `nil` for another scheme. The text is read directly
    /// (authority, path and query as written, the fragment dropped): Foundation's
    /// component accessors cost more than the rest of a request here.
    init?(text: String) throws(Graph.TransportError) {
        let bytes = Array(text.utf8)
        func invalid(_ reason: String) -> Graph.TransportError {
            Graph.TransportError(.invalidRequest, "unsupported URL '\(text)': \(reason)")
        }
        let prefix = Array("http://".utf8)
        // Letters in any case; ':' and '/' already have the 0x20 bit.
        guard bytes.count >= prefix.count, zip(bytes, prefix).allSatisfy({ $0 | 0x20 == $1 && $0 > 0x20 }) else {
            return nil
        }
        var index = prefix.count
        let authorityStart = index
        while index < bytes.count, !"/?#".utf8.contains(bytes[index]) { index += 1 }
        let authority = bytes[authorityStart..<index]
        guard !authority.contains(UInt8(ascii: "@")) else { throw invalid("credentials in the URL are not supported") }

        var host: ArraySlice<UInt8>
        var portText: ArraySlice<UInt8> = []
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { throw invalid("unterminated IPv6 address") }
            host = authority[(authority.startIndex + 1)..<close]
            let rest = authority[(close + 1)...]
            if let colon = rest.first {
                guard colon == UInt8(ascii: ":") else { throw invalid("unexpected text after the IPv6 address") }
                portText = rest.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            host = authority[..<colon]
            portText = authority[(colon + 1)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw invalid("no host") }
        var port = 80
        if !portText.isEmpty {
            guard portText.count <= 5, portText.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let value = Int(String(decoding: portText, as: UTF8.self)), (1...65535).contains(value) else {
                throw invalid("invalid port")
            }
            port = value
        }
        let hostName = String(decoding: host, as: UTF8.self)
        endpoint = HTTP1Endpoint(host: hostName, port: UInt16(port))

        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
        let target = bytes[pathStart..<index]
        if target.isEmpty {
            path = "/"
        } else if target.first == UInt8(ascii: "?") {
            path = "/" + String(decoding: target, as: UTF8.self)
        } else {
            path = String(decoding: target, as: UTF8.self)
        }
        let shownHost = host.contains(UInt8(ascii: ":")) ? "[\(hostName)]" : hostName
        hostHeader = port == 80 ? shownHost : "\(shownHost):\(port)"
    }
}
#endif
