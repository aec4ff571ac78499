extension GraphQL {
    /// A GraphQL `ID`: an opaque string such as `gid://shopify/Product/1`.
    public struct ID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// `nil` for a `nil` string, as the SDK's.
        public init?(rawValue: String?) {
            guard let rawValue else { return nil }
            self.rawValue = rawValue
        }

        public init(stringLiteral value: String) { rawValue = value }

        public var description: String { rawValue }

        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
