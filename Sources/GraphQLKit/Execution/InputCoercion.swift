import BuyflowCore

/// Input coercion (spec 3.x "Input Coercion" of each type): JSON variable values and
/// value literals to the coerced values resolvers receive. Enum values and `ID`s become
/// strings, `Float`s doubles; input objects get their defaults, in definition order.
/// Messages follow graphql-js's `coerceInputValue`/`valueFromAST`.
struct InputCoercion {
    let schema: Schema

    /// A problem with a JSON input: where inside the value, the offending part, why.
    struct Problem {
        var path: [PathComponent]
        var value: JSONValue
        var message: String
    }

    // MARK: - JSON values (variables)

    /// Coerces a JSON value to `type`, reporting every problem (spec "CoerceVariableValues").
    func coerce(_ value: JSONValue, to type: TypeRef, path: inout [PathComponent], problems: inout [Problem]) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            if value.isNull {
                problems.append(Problem(path: path, value: value, message: "Expected non-nullable type \"\(schema.describe(type))\" not to be null."))
                return .null
            }
            return coerce(value, to: inner, path: &path, problems: &problems)
        case .list(let item):
            switch value {
            case .null: return .null
            case .array(let items):
                var coerced: [JSONValue] = []
                coerced.reserveCapacity(items.count)
                for (index, element) in items.enumerated() {
                    path.append(.index(index))
                    coerced.append(coerce(element, to: item, path: &path, problems: &problems))
                    path.removeLast()
                }
                return .array(coerced)
            default:
                // A single value where a list is expected is a list of one.
                return .array([coerce(value, to: item, path: &path, problems: &problems)])
            }
        case .named(let id):
            if value.isNull { return .null }
            let named = schema[id]
            switch named.kind {
            case .inputObject: return coerceInputObject(value, named, path: &path, problems: &problems)
            case .enum:
                switch parseEnum(value, named) {
                case .success(let coerced): return coerced
                case .failure(let problem):
                    problems.append(Problem(path: path, value: value, message: problem.message))
                    return .null
                }
            case .scalar:
                switch parseScalar(value, named) {
                case .success(let coerced): return coerced
                case .failure(let problem):
                    problems.append(Problem(path: path, value: value, message: problem.message))
                    return .null
                }
            default:
                problems.append(Problem(path: path, value: value, message: "Type \"\(named.name)\" is not an input type."))
                return .null
            }
        }
    }

    private func coerceInputObject(_ value: JSONValue, _ type: NamedType, path: inout [PathComponent], problems: inout [Problem]) -> JSONValue {
        guard case .object(let object) = value else {
            problems.append(Problem(path: path, value: value, message: "Expected type \"\(type.name)\" to be an object."))
            return .null
        }
        var coerced = JSONObject(minimumCapacity: type.inputFields.count)
        for field in type.inputFields {
            if let fieldValue = object[field.name] {
                path.append(.key(field.name))
                coerced[field.name] = coerce(fieldValue, to: field.type, path: &path, problems: &problems)
                path.removeLast()
            } else if let defaultValue = field.defaultValue {
                coerced[field.name] = literal(defaultValue, type: field.type, variables: nil) ?? .null
            } else if field.type.isNonNull {
                problems.append(Problem(
                    path: path, value: value,
                    message: "Field \"\(field.name)\" of required type \"\(schema.describe(field.type))\" was not provided."
                ))
            }
        }
        for key in object.keys where type.inputField(named: key) == nil {
            let suggestions = Suggestions.ranked(for: key, among: type.inputFields.map(\.name))
            problems.append(Problem(
                path: path, value: value,
                message: "Field \"\(key)\" is not defined by type \"\(type.name)\"." + ValueInspector.didYouMean(suggestions)
            ))
        }
        if type.isOneOf {
            if coerced.count != 1 {
                problems.append(Problem(path: path, value: value, message: "Exactly one key must be specified for OneOf type \"\(type.name)\"."))
            } else if let member = coerced.members.first, member.value.isNull {
                problems.append(Problem(path: path + [.key(member.key)], value: .null, message: "Field \"\(member.key)\" must be non-null."))
            }
        }
        return .object(coerced)
    }

    private struct Invalid: Error {
        var message: String
    }

    private func parseEnum(_ value: JSONValue, _ type: NamedType) -> Result<JSONValue, Invalid> {
        let names = type.enumValues.lazy.map(\.name)
        guard case .string(let name) = value else {
            let text = ValueInspector.inspect(value)
            return .failure(Invalid(
                message: "Enum \"\(type.name)\" cannot represent non-string value: \(text)."
                    + ValueInspector.didYouMean(Suggestions.ranked(for: text, among: names), subject: "the enum value")
            ))
        }
        guard type.enumValue(named: name) != nil else {
            return .failure(Invalid(
                message: "Value \"\(name)\" does not exist in \"\(type.name)\" enum."
                    + ValueInspector.didYouMean(Suggestions.ranked(for: name, among: names), subject: "the enum value")
            ))
        }
        return .success(value)
    }

    /// The spec's input coercion of the built-in scalars; custom scalars take any JSON.
    private func parseScalar(_ value: JSONValue, _ type: NamedType) -> Result<JSONValue, Invalid> {
        let inspected = { ValueInspector.inspect(value) }
        if type === schema.intType {
            let number: Int? = switch value {
            case .int(let number): number
            case .double(let number) where number.isFinite && number == number.rounded(): abs(number) < 1e18 ? Int(number) : .max
            default: nil
            }
            guard let number else { return .failure(Invalid(message: "Int cannot represent non-integer value: \(inspected())")) }
            guard number >= Int(Int32.min), number <= Int(Int32.max) else {
                return .failure(Invalid(message: "Int cannot represent non 32-bit signed integer value: \(inspected())"))
            }
            return .success(.int(number))
        }
        if type === schema.floatType {
            switch value {
            case .int(let number): return .success(.double(Double(number)))
            case .double(let number) where number.isFinite: return .success(value)
            default: return .failure(Invalid(message: "Float cannot represent non numeric value: \(inspected())"))
            }
        }
        if type === schema.stringType {
            guard case .string = value else { return .failure(Invalid(message: "String cannot represent a non string value: \(inspected())")) }
            return .success(value)
        }
        if type === schema.booleanType {
            guard case .bool = value else { return .failure(Invalid(message: "Boolean cannot represent a non boolean value: \(inspected())")) }
            return .success(value)
        }
        if type === schema.idType {
            switch value {
            case .string: return .success(value)
            case .int(let number): return .success(.string(String(number)))
            case .double(let number) where number.isFinite && number == number.rounded() && abs(number) < 9.0e15:
                return .success(.string(String(Int(number))))
            default: return .failure(Invalid(message: "ID cannot represent value: \(inspected())"))
            }
        }
        return .success(value)
    }

    // MARK: - Literals (arguments, defaults)

    /// The coerced value of a literal (graphql-js `valueFromAST`), with `variables`
    /// substituted (already coerced); `nil` when the literal is invalid for `type` or
    /// uses a variable that has no value where one is needed.
    func literal(_ node: Value, type: TypeRef, variables: JSONObject?) -> JSONValue? {
        if case .variable(let name) = node.kind {
            guard let value = variables?[name] else { return nil }
            if value.isNull, type.isNonNull { return nil }
            return value
        }
        switch type {
        case .nonNull(let inner):
            if case .null = node.kind { return nil }
            return literal(node, type: inner, variables: variables)
        case .list(let item):
            if case .null = node.kind { return .null }
            guard case .list(let elements) = node.kind else {
                return literal(node, type: item, variables: variables).map { .array([$0]) }
            }
            var coerced: [JSONValue] = []
            coerced.reserveCapacity(elements.count)
            for element in elements {
                if Self.isMissingVariable(element, variables) {
                    if item.isNonNull { return nil }
                    coerced.append(.null)
                    continue
                }
                guard let value = literal(element, type: item, variables: variables) else { return nil }
                coerced.append(value)
            }
            return .array(coerced)
        case .named(let id):
            if case .null = node.kind { return .null }
            let named = schema[id]
            switch named.kind {
            case .inputObject: return inputObjectLiteral(node, named, variables: variables)
            case .enum:
                guard case .enumValue(let name) = node.kind, named.enumValue(named: name) != nil else { return nil }
                return .string(name)
            case .scalar: return scalarLiteral(node, named, variables: variables)
            default: return nil
            }
        }
    }

    private func inputObjectLiteral(_ node: Value, _ type: NamedType, variables: JSONObject?) -> JSONValue? {
        guard case .object(let fields) = node.kind else { return nil }
        for field in fields where type.inputField(named: field.name.value) == nil { return nil }
        var coerced = JSONObject(minimumCapacity: type.inputFields.count)
        for definition in type.inputFields {
            let field = fields.first { $0.name.value == definition.name }
            guard let field, !Self.isMissingVariable(field.value, variables) else {
                if let defaultValue = definition.defaultValue {
                    coerced[definition.name] = literal(defaultValue, type: definition.type, variables: nil) ?? .null
                } else if definition.type.isNonNull {
                    return nil
                }
                continue
            }
            guard let value = literal(field.value, type: definition.type, variables: variables) else { return nil }
            coerced[definition.name] = value
        }
        if type.isOneOf {
            guard coerced.count == 1, let member = coerced.members.first?.value, !member.isNull else { return nil }
        }
        return .object(coerced)
    }

    private func scalarLiteral(_ node: Value, _ type: NamedType, variables: JSONObject?) -> JSONValue? {
        if type === schema.intType {
            guard case .int(let text) = node.kind, let number = Int32(text) else { return nil }
            return .int(Int(number))
        }
        if type === schema.floatType {
            switch node.kind {
            case .int(let text), .float(let text):
                guard let number = Double(text), number.isFinite else { return nil }
                return .double(number)
            default: return nil
            }
        }
        if type === schema.stringType {
            guard case .string(let text, _) = node.kind else { return nil }
            return .string(text)
        }
        if type === schema.booleanType {
            guard case .boolean(let flag) = node.kind else { return nil }
            return .bool(flag)
        }
        if type === schema.idType {
            switch node.kind {
            case .string(let text, _), .int(let text): return .string(text)
            default: return nil
            }
        }
        return Self.untyped(node, variables: variables)
    }

    /// A literal as plain JSON, for custom scalars (graphql-js `valueFromASTUntyped`).
    static func untyped(_ node: Value, variables: JSONObject?) -> JSONValue {
        switch node.kind {
        case .variable(let name): return variables?[name] ?? .null
        case .int(let text): return Int(text).map { .int($0) } ?? Double(text).map { .double($0) } ?? .string(text)
        case .float(let text): return Double(text).map { .double($0) } ?? .string(text)
        case .string(let text, _): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .null: return .null
        case .enumValue(let name): return .string(name)
        case .list(let values): return .array(values.map { untyped($0, variables: variables) })
        case .object(let fields):
            var object = JSONObject(minimumCapacity: fields.count)
            for field in fields { object[field.name.value] = untyped(field.value, variables: variables) }
            return .object(object)
        }
    }

    private static func isMissingVariable(_ node: Value, _ variables: JSONObject?) -> Bool {
        guard case .variable(let name) = node.kind else { return false }
        return variables?[name] == nil
    }
}
