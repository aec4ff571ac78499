import BuyflowCore

/// Helpers generated `deserializeValue` overrides are written with: each checks the JSON
/// type and throws `SchemaViolationError` naming the type, the field and what was found.
extension GraphQL.AbstractResponse {
    /// A non-null scalar.
    public func decodeScalar<T: GraphQL.Scalar>(_ type: T.Type, _ value: JSONValue, field: String) throws(SchemaViolationError) -> T {
        guard let decoded = T(jsonValue: value) else {
            throw SchemaViolationError(type: Self.self, field: field, value: value, expected: String(describing: T.self))
        }
        return decoded
    }

    /// A nullable scalar.
    public func decodeOptionalScalar<T: GraphQL.Scalar>(_ type: T.Type, _ value: JSONValue, field: String) throws(SchemaViolationError) -> T? {
        if value.isNull { return nil }
        return try decodeScalar(type, value, field: field)
    }

    /// A non-null enum; an unknown name decodes as `unknownValue`.
    public func decodeEnum<T: GraphQL.EnumType>(_ type: T.Type, _ value: JSONValue, field: String) throws(SchemaViolationError) -> T {
        guard let name = value.stringValue else {
            throw SchemaViolationError(type: Self.self, field: field, value: value, expected: "\(T.self) (an enum name)")
        }
        return T(graphQLName: name)
    }

    /// A nullable enum.
    public func decodeOptionalEnum<T: GraphQL.EnumType>(_ type: T.Type, _ value: JSONValue, field: String) throws(SchemaViolationError) -> T? {
        if value.isNull { return nil }
        return try decodeEnum(type, value, field: field)
    }

    /// A non-null interface or union: `create` picks the model by `__typename`.
    public func decodeAbstract<T>(_ value: JSONValue, field: String, _ create: (JSONObject) throws(SchemaViolationError) -> T) throws(SchemaViolationError) -> T {
        guard let object = value.objectValue else {
            throw SchemaViolationError(type: Self.self, field: field, value: value, expected: "\(T.self) (an object)")
        }
        return try create(object)
    }

    /// A nullable interface or union.
    public func decodeOptionalAbstract<T>(_ value: JSONValue, field: String, _ create: (JSONObject) throws(SchemaViolationError) -> T) throws(SchemaViolationError) -> T? {
        if value.isNull { return nil }
        return try decodeAbstract(value, field: field, create)
    }

    /// A non-null object.
    public func decodeObject<T: GraphQL.AbstractResponse>(_ type: T.Type, _ value: JSONValue, field: String) throws(SchemaViolationError) -> T {
        guard let object = value.objectValue else {
            throw SchemaViolationError(type: Self.self, field: field, value: value, expected: "\(T.self) (an object)")
        }
        return try T(fields: object)
    }

    /// A nullable object.
    public func decodeOptionalObject<T: GraphQL.AbstractResponse>(_ type: T.Type, _ value: JSONValue, field: String) throws(SchemaViolationError) -> T? {
        if value.isNull { return nil }
        return try decodeObject(type, value, field: field)
    }

    /// A non-null list, each element decoded by `element`.
    public func decodeList<T>(_ value: JSONValue, field: String, element: (JSONValue) throws(SchemaViolationError) -> T) throws(SchemaViolationError) -> [T] {
        guard let items = value.arrayValue else {
            throw SchemaViolationError(type: Self.self, field: field, value: value, expected: "a list")
        }
        var decoded: [T] = []
        decoded.reserveCapacity(items.count)
        for item in items { decoded.append(try element(item)) }
        return decoded
    }

    /// A nullable list.
    public func decodeOptionalList<T>(_ value: JSONValue, field: String, element: (JSONValue) throws(SchemaViolationError) -> T) throws(SchemaViolationError) -> [T]? {
        if value.isNull { return nil }
        return try decodeList(value, field: field, element: element)
    }

    /// The `SchemaViolationError` for a field this model does not know.
    public func unknownField(_ field: String, _ value: JSONValue) -> SchemaViolationError {
        SchemaViolationError(type: Self.self, field: field, value: value, expected: nil)
    }
}
