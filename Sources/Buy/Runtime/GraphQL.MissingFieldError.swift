extension GraphQL {
    /// A response field was read that the query did not select: `field 'title' of
    /// Product was not selected in the query`. Thrown by the throwing accessors of
    /// generated models (`try product.title()`); the property form (`product.title`)
    /// stops the program with the same message.
    public struct MissingFieldError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The model, `Product`.
        public let type: String
        /// The field, `title`.
        public let field: String
        /// The alias it was read under, if any.
        public let alias: String?

        public init(type: String, field: String, alias: String? = nil) {
            self.type = type
            self.field = field
            self.alias = alias
        }

        public var description: String {
            let shown = alias.map { "\(field)(alias: \"\($0)\")" } ?? field
            return "field '\(shown)' of \(type) was not selected in the query; select it with .\(field)()"
        }
    }
}
