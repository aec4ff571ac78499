import Foundation

extension Graph {
    /// Where the time of one request went. Every phase is measured from the start of the
    /// request, as libcurl reports it: `connect` includes `nameLookup`, `firstByte`
    /// includes both and the TLS handshake. A phase the transport cannot see is `nil`
    /// (URLSession on Linux reports only `total`); a reused connection has ~zero DNS,
    /// connect and TLS times.
    public struct Timing: Sendable, Hashable, CustomStringConvertible {
        public var nameLookup: Duration?
        public var connect: Duration?
        public var tlsHandshake: Duration?
        public var firstByte: Duration?
        public var total: Duration
        /// Whether the request went over an already open connection, when known.
        public var reusedConnection: Bool?

        public init(
            nameLookup: Duration? = nil, connect: Duration? = nil, tlsHandshake: Duration? = nil,
            firstByte: Duration? = nil, total: Duration = .zero, reusedConnection: Bool? = nil
        ) {
            self.nameLookup = nameLookup
            self.connect = connect
            self.tlsHandshake = tlsHandshake
            self.firstByte = firstByte
            self.total = total
            self.reusedConnection = reusedConnection
        }

        /// `total` in milliseconds.
        public var totalMilliseconds: Double { Self.milliseconds(total) }

        /// A duration in milliseconds, with sub-millisecond precision.
        public static func milliseconds(_ duration: Duration) -> Double {
            let (seconds, attoseconds) = duration.components
            return Double(seconds) * 1000 + Double(attoseconds) / 1e15
        }

        /// `dns 0.1ms connect 0.3ms tls – ttfb 1.2ms total 1.4ms (reused)`
        public var description: String {
            func show(_ value: Duration?) -> String {
                guard let value else { return "–" }
                return String(format: "%.3fms", Self.milliseconds(value))
            }
            var text = "dns \(show(nameLookup)) connect \(show(connect)) tls \(show(tlsHandshake)) ttfb \(show(firstByte)) total \(show(total))"
            if let reusedConnection { text += reusedConnection ? " (reused)" : " (new connection)" }
            return text
        }
    }
}
