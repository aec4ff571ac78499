internal import BuyflowCore
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The socket address the daemon binds, kept alive (MHD may read it) while it runs.
final class BindAddress: @unchecked Sendable {
    /// A `sockaddr_in` or `sockaddr_in6`, zero-filled; immutable after `init`.
    let storage: UnsafeMutablePointer<sockaddr_storage>
    let isIPv6: Bool

    /// Parses a numeric host (`127.0.0.1`, `::1`, `[::1]`) or `localhost`; throws a
    /// `Diagnostic` for anything else (no name resolution).
    init(host: String, port: Int) throws {
        guard (0...65535).contains(port) else {
            throw Diagnostic.error("port \(port) is out of range (0-65535)", code: "http.bad-port")
        }
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name.isEmpty { name = "127.0.0.1" }

        storage = .allocate(capacity: 1)
        storage.initialize(to: sockaddr_storage())
        let raw = UnsafeMutableRawPointer(storage)

        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            var inet = sockaddr_in()
            inet.sin_family = sa_family_t(AF_INET)
            inet.sin_port = UInt16(port).bigEndian
            inet.sin_addr = v4
            raw.storeBytes(of: inet, as: sockaddr_in.self)
            isIPv6 = false
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            var inet6 = sockaddr_in6()
            inet6.sin6_family = sa_family_t(AF_INET6)
            inet6.sin6_port = UInt16(port).bigEndian
            inet6.sin6_addr = v6
            raw.storeBytes(of: inet6, as: sockaddr_in6.self)
            isIPv6 = true
        } else {
            storage.deallocate()
            throw Diagnostic.error(
                "'\(host)' is not an IP address to listen on",
                code: "http.bad-host",
                hint: "use an address such as 127.0.0.1, ::1 or 0.0.0.0, or localhost"
            )
        }
    }

    var sockaddrPointer: UnsafePointer<sockaddr> {
        UnsafeRawPointer(storage).assumingMemoryBound(to: sockaddr.self)
    }

    deinit { storage.deallocate() }
}
