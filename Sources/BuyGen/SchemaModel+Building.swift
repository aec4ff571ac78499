import GraphQLKit

extension SchemaModel {
    /// The model of `schema`: every non-built-in type, with Swift names and types.
    public init(schema: Schema, options: GeneratorOptions) {
        var builder = ModelBuilder(schema: schema, options: options)
        self = builder.build()
    }
}

/// Builds a `SchemaModel` from a GraphQLKit `Schema`.
struct ModelBuilder {
    let schema: Schema
    let options: GeneratorOptions

    mutating func build() -> SchemaModel {
        let types = schema.types.filter { !$0.isBuiltIn && !$0.name.hasPrefix("__") }.sorted { $0.name < $1.name }
        var unionsOf: [String: [String]] = [:]
        for union in types where union.kind == .union {
            for member in schema.possibleTypes(of: union) { unionsOf[member.name, default: []].append(union.name) }
        }
        var composites: [ModelCompositeType] = []
        var enums: [ModelEnum] = []
        var inputs: [ModelInputObject] = []
        var scalars: [ModelScalar] = []
        for type in types {
            switch type.kind {
            case .object, .interface, .union:
                composites.append(composite(type, unions: unionsOf[type.name] ?? []))
            case .enum:
                enums.append(enumModel(type))
            case .inputObject:
                inputs.append(ModelInputObject(
                    name: type.name, description: type.description,
                    fields: type.inputFields.map(argument), isOneOf: type.isOneOf))
            case .scalar:
                scalars.append(ModelScalar(
                    name: type.name, description: type.description,
                    swiftType: ScalarMapping.swiftType(for: type.name, overrides: options.scalars)))
            }
        }
        // What an interface protocol may require: fields with one Swift type everywhere.
        let byName = Dictionary(uniqueKeysWithValues: composites.map { ($0.name, $0) })
        for index in composites.indices where composites[index].kind == .interface {
            let interface = composites[index]
            let implementors = types.filter { candidate in
                (candidate.kind == .object || candidate.kind == .interface)
                    && candidate.interfaces.contains { schema[$0].name == interface.name }
            }.compactMap { byName[$0.name] }
            composites[index].protocolFields = interface.fields.filter { field in
                implementors.allSatisfy { implementor in
                    implementor.fields.first { $0.name == field.name }?.type == field.type
                }
            }.map(\.name)
        }
        return SchemaModel(
            options: options, description: schema.description, compositeTypes: composites, enums: enums,
            inputObjects: inputs, scalars: scalars, queryType: schema.queryType?.name,
            mutationType: schema.mutationType?.name)
    }

    private func composite(_ type: NamedType, unions: [String]) -> ModelCompositeType {
        let kind: ModelCompositeType.Kind =
            switch type.kind {
            case .interface: .interface
            case .union: .union
            default: .object
            }
        let operation: String? =
            if type === schema.queryType { "query" } else if type === schema.mutationType { "mutation" } else { nil }
        return ModelCompositeType(
            name: type.name, kind: kind, description: type.description,
            fields: type.fields.map(field),
            conformances: schema.interfaces(of: type).map(\.name) + unions.sorted(),
            possibleTypes: schema.possibleTypes(of: type).map(\.name).sorted(),
            protocolFields: [], operation: operation)
    }

    private func field(_ field: SchemaField) -> ModelField {
        ModelField(
            name: field.name, swiftName: SwiftNames.responseMember(field.name), description: field.description,
            deprecationReason: field.deprecationReason, arguments: field.arguments.map(argument),
            type: typeRef(field.type))
    }

    private func argument(_ value: SchemaInputValue) -> ModelArgument {
        ModelArgument(
            name: value.name, swiftName: value.name, description: value.description,
            deprecationReason: value.deprecationReason, type: typeRef(value.type),
            hasDefault: value.defaultValue != nil)
    }

    private func enumModel(_ type: NamedType) -> ModelEnum {
        var used: Set<String> = ["unknownValue"]
        let values = type.enumValues.map { value in
            var name = SwiftNames.enumCase(value.name)
            while used.contains(name) { name += "_" }
            used.insert(name)
            return ModelEnum.Value(
                name: value.name, swiftName: name, description: value.description,
                deprecationReason: value.deprecationReason)
        }
        return ModelEnum(name: type.name, description: type.description, values: values)
    }

    private func typeRef(_ ref: TypeRef, nullable: Bool = true) -> ModelTypeRef {
        switch ref {
        case .nonNull(let inner):
            return typeRef(inner, nullable: false)
        case .list(let inner):
            return .list(element: typeRef(inner), nullable: nullable)
        case .named(let id):
            let type = schema[id]
            let kind: ModelNamedKind =
                switch type.kind {
                case .scalar: .scalar(swiftType: ScalarMapping.swiftType(for: type.name, overrides: options.scalars))
                case .enum: .enum
                case .object: .object
                case .interface: .interface
                case .union: .union
                case .inputObject: .inputObject
                }
            return .named(name: type.name, kind: kind, nullable: nullable)
        }
    }
}
