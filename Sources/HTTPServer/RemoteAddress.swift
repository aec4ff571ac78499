#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A client address kept in binary form and formatted only when asked for, so the hot
/// path pays nothing for it.
enum RemoteAddress: Sendable {
    case unknown
    case text(String)
    /// Address and port in host byte order.
    case inet4(UInt32, UInt16)
    /// Address bytes in network order, port in host byte order.
    case inet6(UInt64, UInt64, UInt16)

    /// Reads a `sockaddr_in` or `sockaddr_in6`.
    init(_ address: UnsafePointer<sockaddr>?) {
        guard let address else {
            self = .unknown
            return
        }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let inet = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
            self = .inet4(UInt32(bigEndian: inet.sin_addr.s_addr), UInt16(bigEndian: inet.sin_port))
        case AF_INET6:
            let inet6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
            let (high, low) = withUnsafeBytes(of: inet6.sin6_addr) {
                ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                 $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
            self = .inet6(high, low, UInt16(bigEndian: inet6.sin6_port))
        default:
            self = .unknown
        }
    }

    var description: String? {
        switch self {
        case .unknown:
            return nil
        case .text(let text):
            return text
        case .inet4(let address, let port):
            return "\(address >> 24).\(address >> 16 & 0xFF).\(address >> 8 & 0xFF).\(address & 0xFF):\(port)"
        case .inet6(let high, let low, let port):
            var bytes = (high, low)
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            let ok = withUnsafeBytes(of: &bytes) { raw in
                inet_ntop(AF_INET6, raw.baseAddress, &text, socklen_t(text.count)) != nil
            }
            guard ok else { return nil }
            let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return "[\(host)]:\(port)"
        }
    }
}
