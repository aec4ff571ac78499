import Buy
#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// One socket address to connect to.
struct HTTP1Address: @unchecked Sendable {
    var storage = sockaddr_storage()
    var length: socklen_t = 0

    var family: Int32 { Int32(storage.ss_family) }

    init() {}

    /// A `sockaddr_in` or `sockaddr_in6`, copied in.
    init<Address>(copying address: Address) {
        withUnsafeMutableBytes(of: &storage) { storage in
            withUnsafeBytes(of: address) { storage.copyMemory(from: $0) }
        }
        length = socklen_t(MemoryLayout<Address>.size)
    }
}

/// Turns a host into addresses: IP literals directly, names with `getaddrinfo`, whose
/// answers are kept for `ttl` so that new connections to a known host skip the lookup.
final class HTTP1Resolver: Sendable {
    private struct Entry {
        var addresses: [HTTP1Address]
        var expires: UInt64
    }

    private let cache = Mutex<[String: Entry]>([:])
    private let ttl: UInt64 = 60 * 1_000_000_000

    /// The addresses of `endpoint`, with its port, in the order `getaddrinfo` prefers.
    func resolve(_ endpoint: HTTP1Endpoint) throws(Graph.TransportError) -> [HTTP1Address] {
        if let literal = Self.literal(endpoint) { return [literal] }
        let now = HTTP1Clock.now()
        if let entry = cache.withLock({ $0[endpoint.host] }), entry.expires > now {
            return entry.addresses.map { Self.with(port: endpoint.port, $0) }
        }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, nil, &hints, &list)
        guard status == 0, let list else {
            let reason = String(cString: gai_strerror(status))
            throw Graph.TransportError(.network, "could not resolve host '\(endpoint.host)': \(reason)")
        }
        defer { freeaddrinfo(list) }
        var addresses: [HTTP1Address] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let info = cursor {
            if let address = info.pointee.ai_addr, info.pointee.ai_family == AF_INET || info.pointee.ai_family == AF_INET6 {
                var entry = HTTP1Address()
                entry.length = info.pointee.ai_addrlen
                withUnsafeMutableBytes(of: &entry.storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.pointee.ai_addrlen)))
                }
                addresses.append(entry)
            }
            cursor = info.pointee.ai_next
        }
        guard !addresses.isEmpty else {
            throw Graph.TransportError(.network, "host '\(endpoint.host)' has no IPv4 or IPv6 address")
        }
        cache.withLock { $0[endpoint.host] = Entry(addresses: addresses, expires: now + ttl) }
        return addresses.map { Self.with(port: endpoint.port, $0) }
    }

    /// `127.0.0.1` or `::1` without a lookup.
    private static func literal(_ endpoint: HTTP1Endpoint) -> HTTP1Address? {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, endpoint.host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            return with(port: endpoint.port, HTTP1Address(copying: v4))
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, endpoint.host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            return with(port: endpoint.port, HTTP1Address(copying: v6))
        }
        return nil
    }

    private static func with(port: UInt16, _ address: HTTP1Address) -> HTTP1Address {
        var address = address
        withUnsafeMutableBytes(of: &address.storage) { bytes in
            // sin_port and sin6_port sit at the same offset, right after the family.
            bytes.storeBytes(of: port.bigEndian, toByteOffset: MemoryLayout<sa_family_t>.size, as: UInt16.self)
        }
        return address
    }
}
#endif
