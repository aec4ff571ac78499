import BuyflowCore

/// Builds the parts of a `Schema` from type-system definitions: SDL's AST, or an
/// introspection result converted to one. Merges type extensions, replaces built-in
/// types and directives with their standard definitions, resolves type references and
/// reports what prevents building (graphql-js's SDL validation: unique names, known
/// types and directives, possible extensions, directive arguments). The type-system
/// rules (`SchemaValidator`) run on the built schema.
struct SchemaBuilder {
    private let document: Document
    /// The document's path, interned once for every location of the schema.
    private let sourcePath: SourcePath
    /// Check the directives applied in the definitions (SDL; not needed for
    /// introspection results, whose directives the decoder writes).
    private let checksAppliedDirectives: Bool
    private(set) var diagnostics: [Diagnostic] = []

    // Collected definitions.
    private var schemaDefinition: SchemaDefinition?
    private var schemaExtensions: [SchemaDefinition] = []
    private var typeDefinitions: [TypeDefinition] = []
    private var directiveDefinitions: [(definition: DirectiveDefinition, isBuiltIn: Bool)] = []
    private var builtInTypeIndices: Set<Int> = []
    private var typeIndex: [String: Int] = [:]
    private var directiveIndex: [String: Int] = [:]

    init(document: Document, checksAppliedDirectives: Bool = true) {
        self.document = document
        self.sourcePath = SourcePath(document.path)
        self.checksAppliedDirectives = checksAppliedDirectives
    }

    /// The schema's parts, or `nil` when `diagnostics` has errors.
    mutating func build() -> SchemaParts? {
        collect()
        addBuiltIns()
        checkUniqueMembers()
        if checksAppliedDirectives { checkAppliedDirectives() }
        let parts = resolve()
        return diagnostics.isEmpty ? parts : nil
    }

    // MARK: - Diagnostics

    private func sourceLocation(_ location: Location) -> SourceLocation? {
        location.isSynthesized ? nil : SourceLocation(path: sourcePath, line: Int(location.line), column: Int(location.column))
    }

    private mutating func error(
        _ message: String, at location: Location, firstDefinedAt first: Location? = nil, suggestion: String? = nil
    ) {
        var notes: [Diagnostic.Note] = []
        if let first, let firstLocation = sourceLocation(first) {
            notes.append(.init("first defined here", at: firstLocation))
        }
        // "Unknown type 'Strin'; did you mean 'String'?" (the suggestion follows the message).
        let text = suggestion != nil && message.hasSuffix(".") ? String(message.dropLast()) : message
        diagnostics.append(.error(
            text, at: sourceLocation(location), code: SchemaValidator.code, notes: notes, suggestion: suggestion
        ))
    }

    // MARK: - Collecting

    private mutating func collect() {
        var extensions: [TypeDefinition] = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                let name = operation.name.map { " '\($0.value)'" } ?? ""
                error(
                    "A schema document may only contain type system definitions, not the operation\(name).",
                    at: operation.location
                )
            case .fragment(let fragment):
                error(
                    "A schema document may only contain type system definitions, not the fragment '\(fragment.name.value)'.",
                    at: fragment.location
                )
            case .schema(let schema):
                if schemaDefinition == nil {
                    schemaDefinition = schema
                } else {
                    error("Must provide only one schema definition.", at: schema.location)
                }
            case .schemaExtension(let schema):
                schemaExtensions.append(schema)
            case .type(let type):
                let name = type.name.value
                if let existing = typeIndex[name] {
                    error(
                        "There can be only one type named '\(name)'.", at: type.name.location,
                        firstDefinedAt: typeDefinitions[existing].name.location
                    )
                } else {
                    typeIndex[name] = typeDefinitions.count
                    typeDefinitions.append(type)
                }
            case .typeExtension(let type):
                extensions.append(type)
            case .directive(let directive):
                let name = directive.name.value
                if let existing = directiveIndex[name] {
                    error(
                        "There can be only one directive named '@\(name)'.", at: directive.name.location,
                        firstDefinedAt: directiveDefinitions[existing].definition.name.location
                    )
                } else {
                    directiveIndex[name] = directiveDefinitions.count
                    directiveDefinitions.append((directive, false))
                }
            }
        }
        for type in extensions { merge(type) }
    }

    /// Adds an extension's members to the definition it extends.
    private mutating func merge(_ typeExtension: TypeDefinition) {
        let name = typeExtension.name.value
        guard let index = typeIndex[name] else {
            let candidates = typeDefinitions.map(\.name.value)
            error(
                "Cannot extend type '\(name)' because it is not defined.", at: typeExtension.name.location,
                suggestion: Suggestions.closest(to: name, among: candidates)
            )
            return
        }
        let base = typeDefinitions[index]
        switch (base, typeExtension) {
        case (.scalar(var base), .scalar(let ext)):
            base.directives += ext.directives
            typeDefinitions[index] = .scalar(base)
        case (.object(var base), .object(let ext)):
            base.interfaces += ext.interfaces
            base.directives += ext.directives
            base.fields += ext.fields
            typeDefinitions[index] = .object(base)
        case (.interface(var base), .interface(let ext)):
            base.interfaces += ext.interfaces
            base.directives += ext.directives
            base.fields += ext.fields
            typeDefinitions[index] = .interface(base)
        case (.union(var base), .union(let ext)):
            base.directives += ext.directives
            base.types += ext.types
            typeDefinitions[index] = .union(base)
        case (.enumType(var base), .enumType(let ext)):
            base.directives += ext.directives
            base.values += ext.values
            typeDefinitions[index] = .enumType(base)
        case (.inputObject(var base), .inputObject(let ext)):
            base.directives += ext.directives
            base.fields += ext.fields
            typeDefinitions[index] = .inputObject(base)
        default:
            error(
                "Cannot extend non-\(Self.kindName(of: typeExtension)) type '\(name)'.", at: typeExtension.name.location,
                firstDefinedAt: base.name.location
            )
        }
    }

    private static func kindName(of type: TypeDefinition) -> String {
        switch type {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enumType: "enum"
        case .inputObject: "input object"
        }
    }

    /// Replaces definitions of built-in types and directives with the standard ones and
    /// appends those the source does not define.
    private mutating func addBuiltIns() {
        for builtIn in BuiltInDefinitions.scalars + BuiltInDefinitions.introspectionTypes {
            let name = builtIn.name.value
            if let index = typeIndex[name] {
                typeDefinitions[index] = builtIn
                builtInTypeIndices.insert(index)
            } else {
                typeIndex[name] = typeDefinitions.count
                builtInTypeIndices.insert(typeDefinitions.count)
                typeDefinitions.append(builtIn)
            }
        }
        for builtIn in BuiltInDefinitions.directives {
            let name = builtIn.name.value
            if let index = directiveIndex[name] {
                directiveDefinitions[index] = (builtIn, true)
            } else {
                directiveIndex[name] = directiveDefinitions.count
                directiveDefinitions.append((builtIn, true))
            }
        }
    }

    // MARK: - Unique names within definitions

    private mutating func checkUniqueMembers() {
        for (index, type) in typeDefinitions.enumerated() where !builtInTypeIndices.contains(index) {
            let typeName = type.name.value
            switch type {
            case .scalar, .union:
                break
            case .object(let object):
                checkUniqueFields(object.fields, of: typeName)
            case .interface(let interface):
                checkUniqueFields(interface.fields, of: typeName)
            case .enumType(let enumType):
                checkUnique(enumType.values.map(\.name)) { "Enum value '\(typeName).\($0)' can only be defined once." }
            case .inputObject(let input):
                checkUnique(input.fields.map(\.name)) { "Field '\(typeName).\($0)' can only be defined once." }
            }
        }
        for (directive, isBuiltIn) in directiveDefinitions where !isBuiltIn {
            let directiveName = directive.name.value
            checkUnique(directive.arguments.map(\.name)) { "Argument '@\(directiveName)(\($0):)' can only be defined once." }
        }
    }

    private mutating func checkUniqueFields(_ fields: [FieldDefinition], of typeName: String) {
        checkUnique(fields.map(\.name)) { "Field '\(typeName).\($0)' can only be defined once." }
        for field in fields {
            let fieldName = field.name.value
            checkUnique(field.arguments.map(\.name)) { "Argument '\(typeName).\(fieldName)(\($0):)' can only be defined once." }
        }
    }

    private mutating func checkUnique(_ names: [Name], message: (String) -> String) {
        guard names.count > 1 else { return }
        if names.count <= 8 {
            // Few names: compare pairwise rather than hashing.
            for (offset, name) in names.enumerated() {
                if let first = names[..<offset].first(where: { $0.value == name.value }) {
                    error(message(name.value), at: name.location, firstDefinedAt: first.location)
                }
            }
            return
        }
        var seen = [String: Location](minimumCapacity: names.count)
        for name in names {
            if let first = seen[name.value] {
                error(message(name.value), at: name.location, firstDefinedAt: first)
            } else {
                seen[name.value] = name.location
            }
        }
    }

    // MARK: - Applied directives

    private mutating func checkAppliedDirectives() {
        if let schemaDefinition { checkDirectives(schemaDefinition.directives, at: .schema) }
        for schemaExtension in schemaExtensions { checkDirectives(schemaExtension.directives, at: .schema) }
        for (index, type) in typeDefinitions.enumerated() where !builtInTypeIndices.contains(index) {
            switch type {
            case .scalar(let scalar):
                checkDirectives(scalar.directives, at: .scalar)
            case .object(let object):
                checkDirectives(object.directives, at: .object)
                checkFieldDirectives(object.fields)
            case .interface(let interface):
                checkDirectives(interface.directives, at: .interface)
                checkFieldDirectives(interface.fields)
            case .union(let union):
                checkDirectives(union.directives, at: .union)
            case .enumType(let enumType):
                checkDirectives(enumType.directives, at: .enum)
                for value in enumType.values { checkDirectives(value.directives, at: .enumValue) }
            case .inputObject(let input):
                checkDirectives(input.directives, at: .inputObject)
                for field in input.fields { checkDirectives(field.directives, at: .inputFieldDefinition) }
            }
        }
        for (directive, isBuiltIn) in directiveDefinitions where !isBuiltIn {
            for argument in directive.arguments { checkDirectives(argument.directives, at: .argumentDefinition) }
        }
    }

    private mutating func checkFieldDirectives(_ fields: [FieldDefinition]) {
        for field in fields {
            checkDirectives(field.directives, at: .fieldDefinition)
            for argument in field.arguments { checkDirectives(argument.directives, at: .argumentDefinition) }
        }
    }

    private mutating func checkDirectives(_ directives: [Directive], at location: DirectiveLocation) {
        guard !directives.isEmpty else { return }
        var seen: [String: Location] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let index = directiveIndex[name] else {
                error(
                    "Unknown directive '@\(name)'.", at: directive.location,
                    suggestion: Suggestions.closest(to: name, among: directiveDefinitions.map(\.definition.name.value))
                )
                continue
            }
            let definition = directiveDefinitions[index].definition
            if !definition.locations.contains(where: { $0.value == location.rawValue }) {
                error("Directive '@\(name)' may not be used on \(location.rawValue).", at: directive.location)
            }
            if !definition.isRepeatable {
                if let first = seen[name] {
                    error(
                        "The directive '@\(name)' can only be used once at this location.", at: directive.location,
                        firstDefinedAt: first
                    )
                } else {
                    seen[name] = directive.location
                }
            }
            checkArguments(of: directive, against: definition)
        }
    }

    private mutating func checkArguments(of directive: Directive, against definition: DirectiveDefinition) {
        let name = directive.name.value
        var given: [String: Location] = [:]
        for argument in directive.arguments {
            let argumentName = argument.name.value
            if let first = given[argumentName] {
                error(
                    "There can be only one argument named '\(argumentName)'.", at: argument.name.location,
                    firstDefinedAt: first
                )
                continue
            }
            given[argumentName] = argument.name.location
            if !definition.arguments.contains(where: { $0.name.value == argumentName }) {
                error(
                    "Unknown argument '\(argumentName)' on directive '@\(name)'.", at: argument.name.location,
                    suggestion: Suggestions.closest(to: argumentName, among: definition.arguments.map(\.name.value))
                )
            }
        }
        for argument in definition.arguments
        where argument.type.isNonNull && argument.defaultValue == nil && given[argument.name.value] == nil {
            error(
                "Directive '@\(name)' argument '\(argument.name.value)' of type '\(argument.type)' is required,"
                    + " but it was not provided.",
                at: directive.location
            )
        }
    }

    // MARK: - Resolving

    private mutating func resolve() -> SchemaParts {
        // Interfaces and union members first: interfaces' implementations need them all.
        let count = typeDefinitions.count
        var interfaces = [[TypeID]](repeating: [], count: count)
        var members = [[TypeID]](repeating: [], count: count)
        for (index, type) in typeDefinitions.enumerated() {
            switch type {
            case .object(let object): interfaces[index] = object.interfaces.map { resolve($0) }
            case .interface(let interface): interfaces[index] = interface.interfaces.map { resolve($0) }
            case .union(let union): members[index] = union.types.map { resolve($0) }
            default: break
            }
        }
        var possibleTypes = [[TypeID]](repeating: [], count: count)
        var implementingInterfaces = [[TypeID]](repeating: [], count: count)
        for index in 0..<count where !interfaces[index].isEmpty {
            let isObject = if case .object = typeDefinitions[index] { true } else { false }
            for interface in Set(interfaces[index]) {
                guard case .interface = typeDefinitions[interface.index] else { continue }
                if isObject {
                    possibleTypes[interface.index].append(TypeID(index))
                } else {
                    implementingInterfaces[interface.index].append(TypeID(index))
                }
            }
        }

        var types: [NamedType] = []
        types.reserveCapacity(count)
        for (index, definition) in typeDefinitions.enumerated() {
            types.append(namedType(
                definition, id: TypeID(index), interfaces: interfaces[index],
                possibleTypes: definition.isUnion ? members[index] : possibleTypes[index],
                implementingInterfaces: implementingInterfaces[index]
            ))
        }

        let directives = directiveDefinitions.map { schemaDirective($0.definition, isBuiltIn: $0.isBuiltIn) }

        var parts = SchemaParts(
            description: schemaDefinition?.description?.value, types: types, directives: directives,
            sourceLocations: SchemaSourceLocations()
        )
        resolveRootTypes(into: &parts)
        return parts
    }

    private mutating func resolveRootTypes(into parts: inout SchemaParts) {
        if schemaDefinition == nil {
            // The conventional names, when there is no schema definition.
            parts.queryType = typeIndex["Query"].map(TypeID.init)
            parts.mutationType = typeIndex["Mutation"].map(TypeID.init)
            parts.subscriptionType = typeIndex["Subscription"].map(TypeID.init)
        }
        parts.sourceLocations.schemaDefinition = schemaDefinition.flatMap { sourceLocation($0.location) }
        var seen: [OperationType: Location] = [:]
        for definition in (schemaDefinition.map { [$0] } ?? []) + schemaExtensions {
            for operationType in definition.operationTypes {
                let operation = operationType.operation
                if let first = seen[operation] {
                    error(
                        "There can be only one \(operation.rawValue) type in schema.", at: operationType.location,
                        firstDefinedAt: first
                    )
                    continue
                }
                seen[operation] = operationType.location
                let id = resolve(operationType.type)
                switch operation {
                case .query: parts.queryType = id
                case .mutation: parts.mutationType = id
                case .subscription: parts.subscriptionType = id
                }
                parts.sourceLocations.operationTypes[operation] = sourceLocation(operationType.type.location)
            }
        }
    }

    /// The named type's ID; reports unknown types (and returns a placeholder).
    private mutating func resolve(_ name: Name) -> TypeID {
        if let index = typeIndex[name.value] { return TypeID(index) }
        error(
            "Unknown type '\(name.value)'.", at: name.location,
            suggestion: Suggestions.closest(to: name.value, among: typeDefinitions.lazy.map(\.name.value))
        )
        return TypeID(0)
    }

    private mutating func resolve(_ reference: TypeReference) -> TypeRef {
        switch reference {
        case .named(let name): return .named(resolve(name))
        case .list(let inner, _): return .list(resolve(inner))
        case .nonNull(let inner, let location):
            if inner.isNonNull {
                // Only hand-built documents can have `T!!`.
                error("The non-null type '\(reference)' wraps another non-null type.", at: location)
            }
            return .nonNull(resolve(inner))
        }
    }

    // MARK: - Building the schema's elements

    private mutating func namedType(
        _ definition: TypeDefinition, id: TypeID, interfaces: [TypeID], possibleTypes: [TypeID],
        implementingInterfaces: [TypeID]
    ) -> NamedType {
        let isBuiltIn = builtInTypeIndices.contains(id.index)
        let location = isBuiltIn ? nil : sourceLocation(definition.name.location)
        switch definition {
        case .scalar(let scalar):
            return NamedType(
                id: id, name: scalar.name.value, kind: .scalar, description: scalar.description?.value,
                specifiedByURL: specifiedByURL(scalar.directives), isBuiltIn: isBuiltIn, location: location
            )
        case .object(let object):
            return NamedType(
                id: id, name: object.name.value, kind: .object, description: object.description?.value,
                fields: object.fields.map { field($0) }, interfaces: interfaces, isBuiltIn: isBuiltIn,
                location: location, interfaceLocations: object.interfaces.map { sourceLocation($0.location) }
            )
        case .interface(let interface):
            return NamedType(
                id: id, name: interface.name.value, kind: .interface, description: interface.description?.value,
                fields: interface.fields.map { field($0) }, interfaces: interfaces, possibleTypes: possibleTypes,
                implementingInterfaces: implementingInterfaces, isBuiltIn: isBuiltIn, location: location,
                interfaceLocations: interface.interfaces.map { sourceLocation($0.location) }
            )
        case .union(let union):
            return NamedType(
                id: id, name: union.name.value, kind: .union, description: union.description?.value,
                possibleTypes: possibleTypes, isBuiltIn: isBuiltIn, location: location,
                memberLocations: union.types.map { sourceLocation($0.location) }
            )
        case .enumType(let enumType):
            return NamedType(
                id: id, name: enumType.name.value, kind: .enum, description: enumType.description?.value,
                enumValues: enumType.values.map { value in
                    SchemaEnumValue(
                        name: value.name.value, description: value.description?.value,
                        deprecationReason: deprecationReason(value.directives).reason,
                        location: sourceLocation(value.name.location)
                    )
                },
                isBuiltIn: isBuiltIn, location: location
            )
        case .inputObject(let input):
            return NamedType(
                id: id, name: input.name.value, kind: .inputObject, description: input.description?.value,
                inputFields: input.fields.map { inputValue($0) },
                isOneOf: input.directives.contains { $0.name.value == "oneOf" }, isBuiltIn: isBuiltIn,
                location: location
            )
        }
    }

    private mutating func field(_ definition: FieldDefinition) -> SchemaField {
        SchemaField(
            name: definition.name.value, description: definition.description?.value,
            arguments: definition.arguments.map { inputValue($0) }, type: resolve(definition.type),
            deprecationReason: deprecationReason(definition.directives).reason,
            location: sourceLocation(definition.name.location), typeLocation: sourceLocation(definition.type.location)
        )
    }

    private mutating func inputValue(_ definition: InputValueDefinition) -> SchemaInputValue {
        let deprecation = deprecationReason(definition.directives)
        return SchemaInputValue(
            name: definition.name.value, description: definition.description?.value, type: resolve(definition.type),
            defaultValue: definition.defaultValue, deprecationReason: deprecation.reason,
            location: sourceLocation(definition.name.location), typeLocation: sourceLocation(definition.type.location),
            deprecatedLocation: deprecation.location
        )
    }

    private mutating func schemaDirective(_ definition: DirectiveDefinition, isBuiltIn: Bool) -> SchemaDirective {
        var locations: [DirectiveLocation] = []
        locations.reserveCapacity(definition.locations.count)
        for name in definition.locations {
            if let location = DirectiveLocation(rawValue: name.value) {
                locations.append(location)
            } else {
                error(
                    "Unknown directive location '\(name.value)'.", at: name.location,
                    suggestion: Suggestions.closest(to: name.value, among: DirectiveLocation.allCases.map(\.rawValue))
                )
            }
        }
        return SchemaDirective(
            name: definition.name.value, description: definition.description?.value,
            arguments: definition.arguments.map { inputValue($0) }, isRepeatable: definition.isRepeatable,
            locations: locations, isBuiltIn: isBuiltIn,
            location: isBuiltIn ? nil : sourceLocation(definition.name.location)
        )
    }

    /// The reason of an applied `@deprecated` (its default when not given; `nil` when
    /// the directive is absent or the reason is an explicit `null`, as in graphql-js).
    private mutating func deprecationReason(
        _ directives: [Directive]
    ) -> (reason: String?, location: SourceLocation?) {
        guard !directives.isEmpty, let directive = directives.first(where: { $0.name.value == "deprecated" }) else {
            return (nil, nil)
        }
        let location = sourceLocation(directive.location)
        guard let argument = directive.arguments.first(where: { $0.name.value == "reason" }) else {
            return (BuiltInDefinitions.defaultDeprecationReason, location)
        }
        switch argument.value.kind {
        case .string(let reason, _): return (reason, location)
        case .null: return (nil, nil)
        default:
            error(
                "Argument 'reason' of directive '@deprecated' has invalid value \(Printer.print(argument.value)):"
                    + " expected a String.",
                at: argument.value.location
            )
            return (nil, nil)
        }
    }

    private mutating func specifiedByURL(_ directives: [Directive]) -> String? {
        guard !directives.isEmpty, let directive = directives.first(where: { $0.name.value == "specifiedBy" }),
              let argument = directive.arguments.first(where: { $0.name.value == "url" })
        else { return nil }
        if case .string(let url, _) = argument.value.kind { return url }
        error(
            "Argument 'url' of directive '@specifiedBy' has invalid value \(Printer.print(argument.value)):"
                + " expected a String.",
            at: argument.value.location
        )
        return nil
    }
}

extension TypeDefinition {
    fileprivate var isUnion: Bool {
        if case .union = self { true } else { false }
    }
}
