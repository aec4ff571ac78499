import BuyflowCore

/// The resolvers of the introspection system (spec 4.2): the meta fields `__schema` and
/// `__type(name:)` and every field of `__Schema`, `__Type`, `__Field`, `__InputValue`,
/// `__EnumValue` and `__Directive`, over the `Schema` model. Default values are printed
/// as GraphQL literals.
enum IntrospectionResolvers {
    /// A value of an introspection type.
    enum Node: Sendable {
        case schema
        /// A named type, or a list or non-null wrapper.
        case type(TypeRef)
        case field(SchemaField)
        case inputValue(SchemaInputValue)
        case enumValue(SchemaEnumValue)
        case directive(SchemaDirective)
    }

    /// The resolvers by type name; the meta fields under `""`.
    static func resolvers(for schema: Schema, enabled: Bool) -> [String: [String: FieldResolver]] {
        var table: [String: [String: FieldResolver]] = [:]
        if enabled {
            table[""] = [
                "__schema": .constant(.object(Node.schema)),
                "__type": .sync { call in
                    guard let name = call.arguments["name"]?.stringValue, let type = schema.type(named: name) else { return .null }
                    return .object(Node.type(.named(type.id)))
                },
            ]
        } else {
            let disabled = FieldResolver.sync { call in
                throw GraphQLError(
                    "GraphQL introspection is not allowed, but the query contained \(call.fieldName).",
                    extensions: JSONObject([("code", .string("INTROSPECTION_DISABLED"))])
                )
            }
            table[""] = ["__schema": disabled, "__type": disabled]
        }
        table["__Schema"] = schemaResolvers(schema)
        table["__Type"] = typeResolvers(schema)
        table["__Field"] = [
            "name": field { .string($0.name) },
            "description": field { .string($0.description) },
            "args": field { field, call in inputValues(field.arguments, call) },
            "type": field { .object(Node.type($0.type)) },
            "isDeprecated": field { .bool($0.isDeprecated) },
            "deprecationReason": field { .string($0.deprecationReason) },
        ]
        table["__InputValue"] = [
            "name": inputValue { .string($0.name) },
            "description": inputValue { .string($0.description) },
            "type": inputValue { .object(Node.type($0.type)) },
            "defaultValue": inputValue { .string($0.defaultValue.map { Printer.print(Self.plainStrings($0)) }) },
            "isDeprecated": inputValue { .bool($0.isDeprecated) },
            "deprecationReason": inputValue { .string($0.deprecationReason) },
        ]
        table["__EnumValue"] = [
            "name": enumValue { .string($0.name) },
            "description": enumValue { .string($0.description) },
            "isDeprecated": enumValue { .bool($0.isDeprecated) },
            "deprecationReason": enumValue { .string($0.deprecationReason) },
        ]
        table["__Directive"] = [
            "name": directive { .string($0.name) },
            "description": directive { .string($0.description) },
            "isRepeatable": directive { .bool($0.isRepeatable) },
            "locations": directive { .list($0.locations.map { .json(.string($0.rawValue)) }) },
            "args": FieldResolver.sync { call in
                guard case .object(let node as Node, _) = call.parent, case .directive(let directive) = node else { return .null }
                return inputValues(directive.arguments, call)
            },
        ]
        return table
    }

    private static func schemaResolvers(_ schema: Schema) -> [String: FieldResolver] {
        func type(_ type: NamedType?) -> ResolvedValue { type.map { .object(Node.type(.named($0.id))) } ?? .null }
        return [
            "description": .constant(.string(schema.description)),
            "types": .constant(.list(schema.types.map { .object(Node.type(.named($0.id))) })),
            "queryType": .constant(type(schema.queryType)),
            "mutationType": .constant(type(schema.mutationType)),
            "subscriptionType": .constant(type(schema.subscriptionType)),
            "directives": .constant(.list(schema.directives.map { .object(Node.directive($0)) })),
        ]
    }

    private static func typeResolvers(_ schema: Schema) -> [String: FieldResolver] {
        /// A resolver of `__Type` reading a named type; wrappers give `wrapped`.
        @Sendable func named(_ wrapped: ResolvedValue = .null, _ body: @escaping @Sendable (NamedType, FieldCall) -> ResolvedValue) -> FieldResolver {
            .sync { call in
                guard case .object(let node as Node, _) = call.parent, case .type(let ref) = node else { return .null }
                guard case .named(let id) = ref else { return wrapped }
                return body(schema[id], call)
            }
        }
        @Sendable func types(_ ids: [TypeID]) -> ResolvedValue { .list(ids.map { .object(Node.type(.named($0))) }) }
        return [
            "kind": .sync { call in
                guard case .object(let node as Node, _) = call.parent, case .type(let ref) = node else { return .null }
                switch ref {
                case .named(let id): return .string(schema[id].kind.rawValue)
                case .list: return "LIST"
                case .nonNull: return "NON_NULL"
                }
            },
            "name": named { type, _ in .string(type.name) },
            "description": named { type, _ in .string(type.description) },
            "specifiedByURL": named { type, _ in type.kind == .scalar ? .string(type.specifiedByURL) : .null },
            "fields": named { type, call in
                guard type.kind == .object || type.kind == .interface else { return .null }
                let all = call.arguments["includeDeprecated"] == .bool(true)
                return .list(type.fields.filter { all || !$0.isDeprecated }.map { .object(Node.field($0)) })
            },
            "interfaces": named { type, _ in
                type.kind == .object || type.kind == .interface ? types(type.interfaces) : .null
            },
            "possibleTypes": named { type, _ in type.isAbstractType ? types(type.possibleTypes) : .null },
            "enumValues": named { type, call in
                guard type.kind == .enum else { return .null }
                let all = call.arguments["includeDeprecated"] == .bool(true)
                return .list(type.enumValues.filter { all || !$0.isDeprecated }.map { .object(Node.enumValue($0)) })
            },
            "inputFields": named { type, call in
                type.kind == .inputObject ? inputValues(type.inputFields, call) : .null
            },
            "ofType": .sync { call in
                guard case .object(let node as Node, _) = call.parent, case .type(let ref) = node,
                      let inner = ref.ofType else { return .null }
                return .object(Node.type(inner))
            },
            "isOneOf": named { type, _ in type.kind == .inputObject ? .bool(type.isOneOf) : .null },
        ]
    }

    private static func inputValues(_ values: [SchemaInputValue], _ call: FieldCall) -> ResolvedValue {
        let all = call.arguments["includeDeprecated"] == .bool(true)
        return .list(values.filter { all || !$0.isDeprecated }.map { .object(Node.inputValue($0)) })
    }

    // MARK: - Typed resolvers

    private static func field(_ body: @escaping @Sendable (SchemaField) -> ResolvedValue) -> FieldResolver {
        field { field, _ in body(field) }
    }

    private static func field(_ body: @escaping @Sendable (SchemaField, FieldCall) -> ResolvedValue) -> FieldResolver {
        .sync { call in
            guard case .object(let node as Node, _) = call.parent, case .field(let field) = node else { return .null }
            return body(field, call)
        }
    }

    private static func inputValue(_ body: @escaping @Sendable (SchemaInputValue) -> ResolvedValue) -> FieldResolver {
        .sync { call in
            guard case .object(let node as Node, _) = call.parent, case .inputValue(let value) = node else { return .null }
            return body(value)
        }
    }

    private static func enumValue(_ body: @escaping @Sendable (SchemaEnumValue) -> ResolvedValue) -> FieldResolver {
        .sync { call in
            guard case .object(let node as Node, _) = call.parent, case .enumValue(let value) = node else { return .null }
            return body(value)
        }
    }

    private static func directive(_ body: @escaping @Sendable (SchemaDirective) -> ResolvedValue) -> FieldResolver {
        .sync { call in
            guard case .object(let node as Node, _) = call.parent, case .directive(let directive) = node else { return .null }
            return body(directive)
        }
    }

    /// The literal with block strings as ordinary strings (graphql-js prints default
    /// values from their coerced form, where block strings are ordinary ones).
    static func plainStrings(_ value: Value) -> Value {
        var value = value
        switch value.kind {
        case .string(let text, true): value.kind = .string(text, isBlock: false)
        case .list(let values): value.kind = .list(values.map(plainStrings))
        case .object(let fields):
            value.kind = .object(fields.map { field in
                var field = field
                field.value = plainStrings(field.value)
                return field
            })
        default: break
        }
        return value
    }
}
