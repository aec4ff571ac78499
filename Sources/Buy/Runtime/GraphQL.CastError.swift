extension GraphQL {
    /// A response object is not of the type it was cast to: `node gid://shopify/
    /// ProductVariant/7 is a ProductVariant, not a Product`. Thrown by
    /// `AbstractResponse.cast(to:)` (and generated `asProduct()`-style accessors) instead
    /// of crashing as `as!` would.
    public struct CastError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The object's `id`, when it was selected.
        public let id: String?
        /// The object's `__typename` (or its Swift type when not selected).
        public let actualType: String
        public let expectedType: String

        public init(id: String?, actualType: String, expectedType: String) {
            self.id = id
            self.actualType = actualType
            self.expectedType = expectedType
        }

        public var description: String {
            let subject = id.map { "node \($0)" } ?? "the object"
            return "\(subject) is a \(actualType), not a \(expectedType)"
        }
    }
}
