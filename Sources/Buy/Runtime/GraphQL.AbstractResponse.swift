import BuyflowCore

extension GraphQL {
    /// The base of generated response models (`Storefront.Shop`, …): the JSON object of
    /// one selection, decoded field by field when the model is created.
    ///
    /// A subclass overrides `deserializeValue(fieldName:value:)` to turn each field's JSON
    /// into its Swift value, throwing `SchemaViolationError` for a value of the wrong
    /// type; generated properties read the decoded values with `field(field:)`.
    ///
    /// Models are immutable once created and so `Sendable`; a subclass must not add
    /// mutable stored properties.
    open class AbstractResponse: @unchecked Sendable, CustomDebugStringConvertible {
        /// The object as it arrived.
        public let fields: JSONObject
        /// Decoded values by response key; written only while `init` runs.
        private var objectMap: [String: (any Sendable)?] = [:]

        public required init(fields: JSONObject) throws(SchemaViolationError) {
            self.fields = fields
            var decoded: [String: (any Sendable)?] = Dictionary(minimumCapacity: fields.count)
            for (key, value) in fields {
                if key == "__typename" {
                    guard let name = value.stringValue else {
                        throw SchemaViolationError(type: Self.self, field: key, value: value, expected: "String")
                    }
                    decoded[key] = name
                } else {
                    decoded[key] = try deserializeValue(fieldName: Self.fieldName(from: key), value: value)
                }
            }
            objectMap = decoded
        }

        /// Decodes one field; the default knows no field and throws.
        open func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            throw SchemaViolationError(type: Self.self, field: fieldName, value: value)
        }

        /// The decoded value of a selected field. Reading a field that was not selected is
        /// a programming error and stops the program with the field's name, as in the SDK;
        /// `hasField(_:aliasSuffix:)` tells first.
        public func field(field: String, aliasSuffix: String? = nil) -> (any Sendable)? {
            let key = Self.responseKey(field, aliasSuffix)
            guard let index = objectMap.index(forKey: key) else {
                preconditionFailure(MissingFieldError(type: "\(Self.self)", field: field, alias: aliasSuffix).description)
            }
            return objectMap[index].value
        }

        /// The value of a selected field as its generated property's type; a field that
        /// was not selected stops the program with a `MissingFieldError`'s message.
        public func fieldValue<T>(_ field: String, alias: String? = nil) -> T {
            do {
                return try checkedFieldValue(field, alias: alias)
            } catch {
                preconditionFailure(error.description)
            }
        }

        /// The value of a selected field, or `MissingFieldError` when it was not selected.
        public func checkedFieldValue<T>(_ field: String, alias: String? = nil) throws(MissingFieldError) -> T {
            guard let index = objectMap.index(forKey: Self.responseKey(field, alias)) else {
                throw MissingFieldError(type: "\(Self.self)", field: field, alias: alias)
            }
            let stored = objectMap[index].value
            if let value = stored as? T { return value }
            // Decoding and the accessors are generated together; a mismatch is a bug there.
            preconditionFailure("field '\(field)' of \(Self.self) holds \(stored.map { "\(Swift.type(of: $0))" } ?? "nil"), not \(T.self)")
        }

        /// Whether the field was in the response.
        public func hasField(_ field: String, aliasSuffix: String? = nil) -> Bool {
            objectMap.index(forKey: Self.responseKey(field, aliasSuffix)) != nil
        }

        /// `__typename`, when selected (interfaces and unions always select it).
        public var graphQLTypeName: String? { fields["__typename"]?.stringValue }

        public var debugDescription: String { "<\(Self.self): \(JSONValue.object(fields))>" }

        /// This object as `T`, or a `CastError` naming what it really is:
        /// `node gid://shopify/ProductVariant/7 is a ProductVariant, not a Product`.
        public func cast<T: AbstractResponse>(to type: T.Type = T.self) throws(CastError) -> T {
            if let object = self as? T { return object }
            throw CastError(
                id: fields["id"]?.stringValue,
                actualType: graphQLTypeName ?? String(describing: Swift.type(of: self)),
                expectedType: String(describing: T.self)
            )
        }

        static func responseKey(_ field: String, _ aliasSuffix: String?) -> String {
            guard let aliasSuffix else { return field }
            return field + AbstractQuery.aliasSuffixSeparator + aliasSuffix
        }

        /// The field name of a response key: `node__product` → `node`.
        public static func fieldName(from key: String) -> String {
            guard let range = key.range(of: AbstractQuery.aliasSuffixSeparator), range.lowerBound > key.startIndex else {
                return key
            }
            return String(key[..<range.lowerBound])
        }
    }
}
