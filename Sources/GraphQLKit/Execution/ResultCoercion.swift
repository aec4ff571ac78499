import BuyflowCore

/// The kind of a leaf type, picked once per field so completing a value needs no
/// lookup by name.
enum LeafKind: Sendable {
    case int, float, string, boolean, id
    /// A custom scalar: its JSON passes through unchanged.
    case custom(NamedType)
    case enumeration(NamedType)

    init(_ type: NamedType, in schema: Schema) {
        if type.kind == .enum {
            self = .enumeration(type)
        } else if type === schema.intType {
            self = .int
        } else if type === schema.floatType {
            self = .float
        } else if type === schema.stringType {
            self = .string
        } else if type === schema.booleanType {
            self = .boolean
        } else if type === schema.idType {
            self = .id
        } else {
            self = .custom(type)
        }
    }
}

/// Result coercion of leaf values (spec 3.5 "Scalars" result coercion, 3.9 "Enums"),
/// with graphql-js's `serialize` rules and messages: `Int` from integral numbers,
/// booleans and numeric strings within 32 bits; `Float` from finite numbers, booleans
/// and numeric strings; `String` from strings, booleans and numbers; `Boolean` from
/// booleans and numbers; `ID` from strings and integers; enums from their values' names.
enum ResultCoercion {
    static func serialize(_ value: ResolvedValue, as kind: LeafKind) throws(FieldFailure) -> JSONValue {
        let json: JSONValue
        switch value {
        case .json(let plain): json = plain
        case .null: return .null
        case .object(let object, _):
            throw FieldFailure("Expected a JSON value for \(name(of: kind)), found a value of type \(type(of: object)).")
        case .list(let items):
            json = try plainJSON(items, kind)
        }
        switch kind {
        case .string:
            switch json {
            case .string: return json
            case .bool(let flag): return .string(flag ? "true" : "false")
            case .int(let number): return .string(String(number))
            case .double(let number) where number.isFinite: return .string(ValueInspector.jsNumber(number))
            case .null: return .null
            default: throw FieldFailure("String cannot represent value: \(ValueInspector.inspect(json))")
            }
        case .int:
            return try serializeInt(json)
        case .float:
            switch json {
            case .double(let number) where number.isFinite: return json
            case .int(let number): return .double(Double(number))
            case .bool(let flag): return .double(flag ? 1 : 0)
            case .string(let text) where !text.isEmpty:
                if let number = Double(text.trimmingSpaces), number.isFinite { return .double(number) }
            case .null: return .null
            default: break
            }
            throw FieldFailure("Float cannot represent non numeric value: \(ValueInspector.inspect(json))")
        case .boolean:
            switch json {
            case .bool: return json
            case .int(let number): return .bool(number != 0)
            case .double(let number) where number.isFinite: return .bool(number != 0)
            case .null: return .null
            default: throw FieldFailure("Boolean cannot represent a non boolean value: \(ValueInspector.inspect(json))")
            }
        case .id:
            switch json {
            case .string: return json
            case .int(let number): return .string(String(number))
            case .double(let number) where number.isFinite && number == number.rounded() && abs(number) < 9.0e15:
                return .string(String(Int(number)))
            case .null: return .null
            default: throw FieldFailure("ID cannot represent value: \(ValueInspector.inspect(json))")
            }
        case .enumeration(let type):
            if case .null = json { return .null }
            guard case .string(let name) = json, type.enumValue(named: name) != nil else {
                throw FieldFailure("Enum \"\(type.name)\" cannot represent value: \(ValueInspector.inspect(json))")
            }
            return json
        case .custom:
            return json
        }
    }

    private static func serializeInt(_ json: JSONValue) throws(FieldFailure) -> JSONValue {
        let number: Double
        switch json {
        case .int(let value):
            guard value >= Int(Int32.min), value <= Int(Int32.max) else {
                throw FieldFailure("Int cannot represent non 32-bit signed integer value: \(ValueInspector.inspect(json))")
            }
            return json
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .double(let value): number = value
        case .string(let text) where !text.isEmpty:
            guard let value = Double(text.trimmingSpaces) else {
                throw FieldFailure("Int cannot represent non-integer value: \(ValueInspector.inspect(json))")
            }
            number = value
        case .null: return .null
        default: throw FieldFailure("Int cannot represent non-integer value: \(ValueInspector.inspect(json))")
        }
        guard number.isFinite, number == number.rounded() else {
            throw FieldFailure("Int cannot represent non-integer value: \(ValueInspector.inspect(json))")
        }
        guard number >= Double(Int32.min), number <= Double(Int32.max) else {
            throw FieldFailure("Int cannot represent non 32-bit signed integer value: \(ValueInspector.inspect(json))")
        }
        return .int(Int(number))
    }

    /// A list of JSON values given to a leaf position (fine for custom scalars).
    private static func plainJSON(_ items: [ResolvedValue], _ kind: LeafKind) throws(FieldFailure) -> JSONValue {
        var array: [JSONValue] = []
        array.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .null: array.append(.null)
            case .json(let value): array.append(value)
            case .list(let nested): array.append(try plainJSON(nested, kind))
            case .object(let object, _):
                throw FieldFailure("Expected a JSON value for \(name(of: kind)), found a value of type \(type(of: object)).")
            }
        }
        return .array(array)
    }

    private static func name(of kind: LeafKind) -> String {
        switch kind {
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .boolean: "Boolean"
        case .id: "ID"
        case .custom(let type): "scalar \"\(type.name)\""
        case .enumeration(let type): "enum \"\(type.name)\""
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks (as JavaScript's
    /// `Number(text)` reads numbers).
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
