import BuyflowCore

extension GraphQL {
    /// The base of generated mock builders (`Storefront.Product.Mock`): the JSON object of
    /// a model being made for a test, with `__typename` set. Generated setters take the
    /// field's Swift type and write its JSON form, so the model decodes it back exactly.
    open class ResponseMock {
        /// The object so far.
        public private(set) var fields: JSONObject

        public init(typeName: String) {
            fields = JSONObject([("__typename", .string(typeName))])
        }

        /// Sets a field (under `field__alias` when an alias is given).
        public func set(_ field: String, alias: String? = nil, _ value: JSONValue) {
            fields[AbstractResponse.responseKey(field, alias)] = value
        }

        /// Sets a field the generated setters do not cover, as raw JSON.
        public func setJSON(_ field: String, _ value: JSONValue) {
            fields[field] = value
        }

        /// The model. The setters write only what the model decodes, so this fails only
        /// when `setJSON` put in a value of the wrong type, which stops with the reason.
        public func make<T: AbstractResponse>(_ type: T.Type) -> T {
            do {
                return try T(fields: fields)
            } catch {
                preconditionFailure("mock \(T.self) does not decode: \(error)")
            }
        }
    }
}
