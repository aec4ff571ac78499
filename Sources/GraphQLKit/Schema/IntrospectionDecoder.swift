/// Turns an introspection result (`{"data":{"__schema":…}}` or `{"__schema":…}`) into
/// type-system definitions for `SchemaBuilder`, as graphql-js's `buildClientSchema`
/// reads it. The newer keys (`isOneOf`, `isRepeatable`, `specifiedByURL`, deprecation
/// of arguments and input fields) are optional. Default values are parsed as GraphQL
/// constant values.
struct IntrospectionDecoder {
    /// What makes the result unreadable, and the byte offset of the JSON value at fault.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    let json: IntrospectionJSON
    let path: String

    func document() throws(Failure) -> Document {
        guard json.kind(0) == .object else { throw Failure(message: "An introspection result must be a JSON object.", offset: 0) }
        var root = 0
        if let data = json.nonNullMember(0, "data") {
            root = data
        } else if let errors = json.nonNullMember(0, "errors") {
            var messages: [String] = []
            json.forEachElement(errors) { error in
                if let message = json.nonNullMember(error, "message").flatMap(json.string) { messages.append(message) }
            }
            throw Failure(
                message: "The introspection result has errors: " + (messages.isEmpty ? "(no message)" : messages.joined(separator: "; ")),
                offset: json.offset(errors)
            )
        }
        guard let schema = json.nonNullMember(root, "__schema"), json.kind(schema) == .object else {
            throw Failure(
                message: "Invalid introspection result: expected '__schema' or 'data.__schema' (the 'data' of an introspection query's response).",
                offset: json.offset(root)
            )
        }

        var definitions: [Definition] = []
        definitions.reserveCapacity(json.count(json.member(schema, "types") ?? schema) + 16)

        var operationTypes: [OperationTypeDefinition] = []
        for (key, operation) in [("queryType", OperationType.query), ("mutationType", .mutation), ("subscriptionType", .subscription)] {
            let member: Int? = switch operation {
            case .query: json.nonNullMember(schema, "queryType")
            case .mutation: json.nonNullMember(schema, "mutationType")
            case .subscription: json.nonNullMember(schema, "subscriptionType")
            }
            guard let member else { continue }
            let name = try requiredString(member, "name", of: "__schema.\(key)")
            operationTypes.append(OperationTypeDefinition(operation: operation, type: Name(name)))
        }
        // Always a schema definition, so the builder does not fall back to the
        // conventional root type names.
        definitions.append(.schema(SchemaDefinition(
            description: optionalString(schema, "description").map { StringValue($0, isBlock: true) },
            operationTypes: operationTypes
        )))

        guard let types = json.member(schema, "types"), json.kind(types) == .array else {
            throw Failure(message: "Invalid introspection result: '__schema.types' is missing.", offset: json.offset(schema))
        }
        try json.forEachElement(types) { (type) throws(Failure) in
            definitions.append(.type(try typeDefinition(type)))
        }
        if let directives = json.nonNullMember(schema, "directives") {
            try json.forEachElement(directives) { (directive) throws(Failure) in
                definitions.append(.directive(try directiveDefinition(directive)))
            }
        }
        return Document(definitions: definitions, path: path)
    }

    // MARK: - Types

    private func typeDefinition(_ type: Int) throws(Failure) -> TypeDefinition {
        guard json.kind(type) == .object else { throw Failure(message: "Invalid introspection result: a type must be an object.", offset: json.offset(type)) }
        let kind = try requiredString(type, "kind", of: "a type")
        let name = Name(try requiredString(type, "name", of: "a type of kind \(kind)"))
        let description = optionalString(type, "description").map { StringValue($0, isBlock: true) }
        switch kind {
        case "SCALAR":
            var directives: [Directive] = []
            if let url = optionalString(type, "specifiedByURL") ?? optionalString(type, "specifiedByUrl") {
                directives.append(Directive(
                    name: Name("specifiedBy"), arguments: [Argument(name: Name("url"), value: Value(.string(url, isBlock: false)))]
                ))
            }
            return .scalar(ScalarTypeDefinition(description: description, name: name, directives: directives))
        case "OBJECT":
            return .object(ObjectTypeDefinition(
                description: description, name: name, interfaces: try interfaces(of: type, name.value),
                fields: try fields(of: type, name.value)
            ))
        case "INTERFACE":
            return .interface(InterfaceTypeDefinition(
                description: description, name: name, interfaces: try interfaces(of: type, name.value),
                fields: try fields(of: type, name.value)
            ))
        case "UNION":
            let possibleTypes = try requiredArray(type, "possibleTypes", of: name.value)
            var members: [Name] = []
            try json.forEachElement(possibleTypes) { (member) throws(Failure) in members.append(try namedTypeName(member)) }
            return .union(UnionTypeDefinition(description: description, name: name, types: members))
        case "ENUM":
            let enumValues = try requiredArray(type, "enumValues", of: name.value)
            var values: [EnumValueDefinition] = []
            values.reserveCapacity(json.count(enumValues))
            try json.forEachElement(enumValues) { (value) throws(Failure) in
                values.append(EnumValueDefinition(
                    description: optionalString(value, "description").map { StringValue($0, isBlock: true) },
                    name: Name(try requiredString(value, "name", of: "an enum value of \(name.value)")),
                    directives: deprecation(value)
                ))
            }
            return .enumType(EnumTypeDefinition(description: description, name: name, values: values))
        case "INPUT_OBJECT":
            let inputFields = try requiredArray(type, "inputFields", of: name.value)
            var fields: [InputValueDefinition] = []
            fields.reserveCapacity(json.count(inputFields))
            try json.forEachElement(inputFields) { (field) throws(Failure) in
                fields.append(try inputValue(field, of: name.value))
            }
            let isOneOf = json.nonNullMember(type, "isOneOf").flatMap(json.bool) ?? false
            return .inputObject(InputObjectTypeDefinition(
                description: description, name: name, directives: isOneOf ? [Directive(name: Name("oneOf"))] : [],
                fields: fields
            ))
        default:
            throw Failure(
                message: "Invalid introspection result: type '\(name.value)' has the unknown kind '\(kind)'.",
                offset: json.offset(type)
            )
        }
    }

    private func interfaces(of type: Int, _ typeName: String) throws(Failure) -> [Name] {
        guard let interfaces = json.nonNullMember(type, "interfaces") else { return [] }
        var names: [Name] = []
        try json.forEachElement(interfaces) { (interface) throws(Failure) in names.append(try namedTypeName(interface)) }
        return names
    }

    private func fields(of type: Int, _ typeName: String) throws(Failure) -> [FieldDefinition] {
        let fieldsArray = try requiredArray(type, "fields", of: typeName)
        var fields: [FieldDefinition] = []
        fields.reserveCapacity(json.count(fieldsArray))
        try json.forEachElement(fieldsArray) { (field) throws(Failure) in
            let name = try requiredString(field, "name", of: "a field of \(typeName)")
            var arguments: [InputValueDefinition] = []
            if let args = json.nonNullMember(field, "args") {
                try json.forEachElement(args) { (argument) throws(Failure) in
                    arguments.append(try inputValue(argument, of: "\(typeName).\(name)"))
                }
            }
            fields.append(FieldDefinition(
                description: optionalString(field, "description").map { StringValue($0, isBlock: true) },
                name: Name(name), arguments: arguments, type: try typeReference(field, of: "\(typeName).\(name)"),
                directives: deprecation(field)
            ))
        }
        return fields
    }

    private func inputValue(_ value: Int, of owner: String) throws(Failure) -> InputValueDefinition {
        let name = try requiredString(value, "name", of: "an input value of \(owner)")
        var defaultValue: Value?
        if let text = json.nonNullMember(value, "defaultValue") {
            guard let source = json.string(text) else {
                throw Failure(message: "Invalid introspection result: the default value of \(owner).\(name) must be a string.", offset: json.offset(text))
            }
            do {
                defaultValue = try Parser.parseConstValue(source)
            } catch {
                throw Failure(
                    message: "Invalid introspection result: the default value of \(owner).\(name), '\(source)', is not a GraphQL value: \(error.message)",
                    offset: json.offset(text)
                )
            }
        }
        return InputValueDefinition(
            description: optionalString(value, "description").map { StringValue($0, isBlock: true) },
            name: Name(name), type: try typeReference(value, of: "\(owner).\(name)"), defaultValue: defaultValue,
            directives: deprecation(value)
        )
    }

    /// `@deprecated(reason:)` for a field, argument, input field or enum value whose
    /// `isDeprecated` is true or whose `deprecationReason` is set.
    private func deprecation(_ element: Int) -> [Directive] {
        let reason = optionalString(element, "deprecationReason")
        let isDeprecated = json.nonNullMember(element, "isDeprecated").flatMap(json.bool) ?? false
        guard isDeprecated || reason != nil else { return [] }
        let arguments = reason.map { [Argument(name: Name("reason"), value: Value(.string($0, isBlock: false)))] } ?? []
        return [Directive(name: Name("deprecated"), arguments: arguments)]
    }

    /// The `type` member of a field or input value.
    private func typeReference(_ element: Int, of owner: String) throws(Failure) -> TypeReference {
        guard let type = json.nonNullMember(element, "type") else {
            throw Failure(message: "Invalid introspection result: \(owner) has no 'type'.", offset: json.offset(element))
        }
        return try typeReference(type)
    }

    private func typeReference(_ type: Int) throws(Failure) -> TypeReference {
        let kind = try requiredString(type, "kind", of: "a type reference")
        switch kind {
        case "LIST", "NON_NULL":
            guard let ofType = json.nonNullMember(type, "ofType") else {
                throw Failure(
                    message: "Invalid introspection result: a \(kind) type reference has no 'ofType' (is the introspection query deep enough?).",
                    offset: json.offset(type)
                )
            }
            let inner = try typeReference(ofType)
            if kind == "LIST" { return .list(inner, location: .synthesized) }
            if inner.isNonNull {
                throw Failure(message: "Invalid introspection result: a NON_NULL type reference wraps another.", offset: json.offset(type))
            }
            return .nonNull(inner, location: .synthesized)
        default:
            return .named(Name(try requiredString(type, "name", of: "a type reference of kind \(kind)")))
        }
    }

    /// The name of a type reference that must be a named type (interfaces, union members).
    private func namedTypeName(_ type: Int) throws(Failure) -> Name {
        Name(try requiredString(type, "name", of: "a type reference"))
    }

    // MARK: - Directives

    private func directiveDefinition(_ directive: Int) throws(Failure) -> DirectiveDefinition {
        let name = try requiredString(directive, "name", of: "a directive")
        var arguments: [InputValueDefinition] = []
        if let args = json.nonNullMember(directive, "args") {
            try json.forEachElement(args) { (argument) throws(Failure) in
                arguments.append(try inputValue(argument, of: "@\(name)"))
            }
        }
        let locationsArray = try requiredArray(directive, "locations", of: "@\(name)")
        var locations: [Name] = []
        try json.forEachElement(locationsArray) { (location) throws(Failure) in
            guard let value = json.string(location) else {
                throw Failure(message: "Invalid introspection result: a location of @\(name) is not a string.", offset: json.offset(location))
            }
            locations.append(Name(value))
        }
        return DirectiveDefinition(
            description: optionalString(directive, "description").map { StringValue($0, isBlock: true) },
            name: Name(name), arguments: arguments,
            isRepeatable: json.nonNullMember(directive, "isRepeatable").flatMap(json.bool) ?? false,
            locations: locations
        )
    }

    // MARK: - Members

    private func optionalString(_ object: Int, _ key: StaticString) -> String? {
        json.nonNullMember(object, key).flatMap(json.string)
    }

    private func requiredString(_ object: Int, _ key: StaticString, of owner: @autoclosure () -> String) throws(Failure) -> String {
        guard let member = json.nonNullMember(object, key), let value = json.string(member) else {
            throw Failure(message: "Invalid introspection result: \(owner()) has no '\(key)' string.", offset: json.offset(object))
        }
        return value
    }

    private func requiredArray(_ object: Int, _ key: StaticString, of owner: String) throws(Failure) -> Int {
        guard let member = json.nonNullMember(object, key), json.kind(member) == .array else {
            throw Failure(message: "Invalid introspection result: \(owner) has no '\(key)' list.", offset: json.offset(object))
        }
        return member
    }
}
