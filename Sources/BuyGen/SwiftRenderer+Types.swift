/// Swift types and expressions for model type references.
extension SwiftRenderer {
    /// A scalar's Swift type, module-qualified when a generated type has its name.
    func scalarType(_ swiftType: String) -> String {
        guard generatedNames.contains(swiftType) else { return swiftType }
        return (Self.foundationTypes.contains(swiftType) ? "Foundation." : "Swift.") + swiftType
    }

    /// The Swift type of a response value: `String`, `[Product]`, `(any Node)?`.
    func responseType(_ ref: ModelTypeRef) -> String {
        let base: String
        switch ref {
        case .named(let name, let kind, _):
            switch kind {
            case .scalar(let swiftType): base = scalarType(swiftType)
            case .interface, .union: base = ref.isNullable ? "(any \(name))" : "any \(name)"
            case .enum, .object, .inputObject: base = name
            }
        case .list(let element, _):
            base = "[" + responseType(element) + "]"
        }
        return ref.isNullable ? base + "?" : base
    }

    /// The Swift type of an input value, ignoring the outer nullability: `Int32`,
    /// `[CartLineInput]`, `[String?]`.
    func inputType(_ ref: ModelTypeRef) -> String {
        switch ref {
        case .named(let name, let kind, _):
            if case .scalar(let swiftType) = kind { return scalarType(swiftType) }
            return name
        case .list(let element, _):
            return "[" + inputType(element) + (element.isNullable ? "?" : "") + "]"
        }
    }

    /// The query builder of a composite field's type: `ProductQuery`.
    func queryType(_ ref: ModelTypeRef) -> String { ref.named.name + "Query" }

    /// The expression decoding `value` (a `GraphQL.JSONValue`) as `ref`, for use inside
    /// `deserializeValue`, where `fieldName` is in scope.
    func decodeExpression(_ ref: ModelTypeRef, value: String, depth: Int = 0) -> String {
        let optional = ref.isNullable ? "Optional" : ""
        switch ref {
        case .named(let name, let kind, _):
            switch kind {
            case .scalar(let swiftType):
                return "try decode\(optional)Scalar(\(scalarType(swiftType)).self, \(value), field: fieldName)"
            case .enum:
                return "try decode\(optional)Enum(\(name).self, \(value), field: fieldName)"
            case .object, .inputObject:
                return "try decode\(optional)Object(\(name).self, \(value), field: fieldName)"
            case .interface, .union:
                return "try decode\(optional)Abstract(\(value), field: fieldName, Unknown\(name).create(fields:))"
            }
        case .list(let element, _):
            let item = "item\(depth)"
            let inner = decodeExpression(element, value: item, depth: depth + 1)
            return "try decode\(optional)List(\(value), field: fieldName) { (\(item)) throws(SchemaViolationError) -> \(responseType(element)) in \(inner) }"
        }
    }

    /// The expression turning `value` (of `responseType(ref)`) into JSON, for mocks.
    func jsonExpression(_ ref: ModelTypeRef, value: String, depth: Int = 0) -> String {
        if ref.isNullable {
            let unwrapped = "some\(depth)"
            let inner = jsonExpression(ref.nonNull, value: unwrapped, depth: depth + 1)
            return "\(value).map { (\(unwrapped): \(responseType(ref.nonNull))) -> GraphQL.JSONValue in \(inner) } ?? .null"
        }
        switch ref {
        case .named(_, let kind, _):
            switch kind {
            case .scalar: return "\(value).jsonValue"
            case .enum: return ".string(\(value).rawValue)"
            case .object, .inputObject: return ".object(\(value).fields)"
            case .interface, .union: return ".object(\(value).responseObject.fields)"
            }
        case .list(let element, _):
            let item = "item\(depth)"
            let inner = jsonExpression(element, value: item, depth: depth + 1)
            return ".array(\(value).map { (\(item): \(responseType(element))) -> GraphQL.JSONValue in \(inner) })"
        }
    }
}
