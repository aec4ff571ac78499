import BuyflowCore

extension Schema {
    /// The type-system rules of the spec (graphql-js `validateSchema`): root types are
    /// object types, names do not start with `__`, fields and arguments have output and
    /// input types, interfaces are implemented correctly, unions, enums and input
    /// objects are not empty, input objects have no unbreakable non-null cycles, oneOf
    /// input fields are nullable without defaults, required arguments and input fields
    /// are not deprecated. Empty when the schema is valid.
    ///
    /// The builders run this unless told not to (`validate: false`).
    public func validate() -> [Diagnostic] {
        var validator = SchemaValidator(schema: self)
        return validator.validate()
    }
}

/// Checks a built schema against the spec's type-system rules. Messages follow
/// graphql-js (graphql-core 3.2's quoting); each diagnostic points at the definition
/// to fix.
struct SchemaValidator {
    /// The code of every schema diagnostic.
    static let code = "graphql.schema"

    let schema: Schema
    private var diagnostics: [Diagnostic] = []

    init(schema: Schema) { self.schema = schema }

    mutating func validate() -> [Diagnostic] {
        validateRootTypes()
        for directive in schema.directives where !directive.isBuiltIn { validate(directive) }
        var cycles = InputObjectCycleFinder()
        for type in schema.types where !type.isBuiltIn {
            validateName(type.name, at: type.location)
            switch type.kind {
            case .scalar:
                break
            case .object, .interface:
                validateFields(of: type)
                validateInterfaces(of: type)
            case .union:
                validateMembers(of: type)
            case .enum:
                validateValues(of: type)
            case .inputObject:
                validateInputFields(of: type)
                cycles.visit(type, in: schema) { message, location in
                    report(message, at: location)
                }
            }
        }
        return diagnostics
    }

    private mutating func report(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(message, at: location, code: Self.code, notes: notes))
    }

    private func describe(_ ref: TypeRef) -> String { schema.describe(ref) }

    // MARK: - Root types

    private mutating func validateRootTypes() {
        let locations = schema.sourceLocations
        guard let query = schema.queryType else {
            report("Query root type must be provided.", at: locations.schemaDefinition)
            return
        }
        if query.kind != .object {
            report(
                "Query root type must be Object type, it cannot be \(query.name).",
                at: locations.operationTypes[.query] ?? query.location
            )
        }
        for (operation, type) in [("Mutation", schema.mutationType), ("Subscription", schema.subscriptionType)] {
            guard let type, type.kind != .object else { continue }
            report(
                "\(operation) root type must be Object type if provided, it cannot be \(type.name).",
                at: locations.operationTypes[operation == "Mutation" ? .mutation : .subscription] ?? type.location
            )
        }
        // The spec: the root types must all be different types if provided.
        var operationsByType: [TypeID: [OperationType]] = [:]
        for operation in OperationType.allCases {
            if let type = schema.rootType(for: operation) { operationsByType[type.id, default: []].append(operation) }
        }
        for type in schema.types where (operationsByType[type.id]?.count ?? 0) > 1 {
            let operations = operationsByType[type.id]!
            let list = operations.map(\.rawValue).joined(separator: " and ")
            report(
                "All root types must be different, '\(type.name)' type is used as \(list) root types.",
                at: locations.operationTypes[operations[1]] ?? type.location
            )
        }
    }

    // MARK: - Names

    private mutating func validateName(_ name: String, at location: SourceLocation?) {
        if name.hasPrefix("__") {
            report(
                "Name '\(name)' must not begin with '__', which is reserved by GraphQL introspection.", at: location
            )
        }
    }

    // MARK: - Directives

    private mutating func validate(_ directive: SchemaDirective) {
        validateName(directive.name, at: directive.location)
        if directive.locations.isEmpty {
            report("Directive @\(directive.name) must include 1 or more locations.", at: directive.location)
        }
        for argument in directive.arguments {
            validateArgument(argument, owner: "@\(directive.name)")
        }
    }

    private mutating func validateArgument(_ argument: SchemaInputValue, owner: String) {
        validateName(argument.name, at: argument.location)
        if !schema[argument.type].isInputType {
            report(
                "The type of \(owner)(\(argument.name):) must be Input Type but got: \(describe(argument.type)).",
                at: argument.typeLocation ?? argument.location
            )
        }
        if argument.isRequired, argument.isDeprecated {
            report(
                "Required argument \(owner)(\(argument.name):) cannot be deprecated.",
                at: argument.deprecatedLocation ?? argument.location
            )
        }
    }

    // MARK: - Objects and interfaces

    private mutating func validateFields(of type: NamedType) {
        if type.fields.isEmpty {
            report("Type \(type.name) must define one or more fields.", at: type.location)
        }
        for field in type.fields {
            validateName(field.name, at: field.location)
            if !schema[field.type].isOutputType {
                report(
                    "The type of \(type.name).\(field.name) must be Output Type but got: \(describe(field.type)).",
                    at: field.typeLocation ?? field.location
                )
            }
            for argument in field.arguments {
                validateArgument(argument, owner: "\(type.name).\(field.name)")
            }
        }
    }

    private mutating func validateInterfaces(of type: NamedType) {
        var seen: Set<TypeID> = []
        for (offset, id) in type.interfaces.enumerated() {
            let interface = schema[id]
            let location = type.interfaceLocations.indices.contains(offset)
                ? type.interfaceLocations[offset] ?? type.location : type.location
            if interface.kind != .interface {
                report(
                    "Type \(type.name) must only implement Interface types, it cannot implement \(interface.name).",
                    at: location
                )
                continue
            }
            if interface === type {
                report(
                    "Type \(type.name) cannot implement itself because it would create a circular reference.",
                    at: location
                )
            }
            if !seen.insert(id).inserted {
                report("Type \(type.name) can only implement \(interface.name) once.", at: location)
                continue
            }
            validateAncestors(of: type, implementing: interface, at: location)
            validate(type, implements: interface)
        }
    }

    /// Every interface an implemented interface implements must be declared too.
    private mutating func validateAncestors(of type: NamedType, implementing interface: NamedType, at location: SourceLocation?) {
        for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
            if transitive == type.id {
                report(
                    "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference.",
                    at: location
                )
            } else {
                report(
                    "Type \(type.name) must implement \(schema[transitive].name) because it is implemented by \(interface.name).",
                    at: location
                )
            }
        }
    }

    private mutating func validate(_ type: NamedType, implements interface: NamedType) {
        for interfaceField in interface.fields {
            let name = interfaceField.name
            guard let field = type.field(named: name) else {
                report(
                    "Interface field \(interface.name).\(name) expected but \(type.name) does not provide it.",
                    at: type.location, notes: declared(interfaceField.location)
                )
                continue
            }
            if !schema.isTypeSubType(field.type, of: interfaceField.type) {
                report(
                    "Interface field \(interface.name).\(name) expects type \(describe(interfaceField.type))"
                        + " but \(type.name).\(name) is type \(describe(field.type)).",
                    at: field.typeLocation ?? field.location, notes: declared(interfaceField.typeLocation)
                )
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                guard let argument = field.argument(named: argumentName) else {
                    report(
                        "Interface field argument \(interface.name).\(name)(\(argumentName):)"
                            + " expected but \(type.name).\(name) does not provide it.",
                        at: field.location, notes: declared(interfaceArgument.location)
                    )
                    continue
                }
                if argument.type != interfaceArgument.type {
                    report(
                        "Interface field argument \(interface.name).\(name)(\(argumentName):)"
                            + " expects type \(describe(interfaceArgument.type))"
                            + " but \(type.name).\(name)(\(argumentName):) is type \(describe(argument.type)).",
                        at: argument.typeLocation ?? argument.location, notes: declared(interfaceArgument.typeLocation)
                    )
                }
            }
            for argument in field.arguments where argument.isRequired && interfaceField.argument(named: argument.name) == nil {
                report(
                    "Object field \(type.name).\(name) includes required argument \(argument.name)"
                        + " that is missing from the Interface field \(interface.name).\(name).",
                    at: argument.location, notes: declared(interfaceField.location)
                )
            }
        }
    }

    /// A note pointing at the interface's declaration, when it has a location.
    private func declared(_ location: SourceLocation?) -> [Diagnostic.Note] {
        location.map { [Diagnostic.Note("declared by the interface here", at: $0)] } ?? []
    }

    // MARK: - Unions, enums, input objects

    private mutating func validateMembers(of union: NamedType) {
        if union.possibleTypes.isEmpty {
            report("Union type \(union.name) must define one or more member types.", at: union.location)
        }
        var seen: Set<TypeID> = []
        for (offset, id) in union.possibleTypes.enumerated() {
            let member = schema[id]
            let location = union.memberLocations.indices.contains(offset)
                ? union.memberLocations[offset] ?? union.location : union.location
            if member.kind != .object {
                report(
                    "Union type \(union.name) can only include Object types, it cannot include \(member.name).",
                    at: location
                )
            } else if !seen.insert(id).inserted {
                report("Union type \(union.name) can only include type \(member.name) once.", at: location)
            }
        }
    }

    private mutating func validateValues(of enumType: NamedType) {
        if enumType.enumValues.isEmpty {
            report("Enum type \(enumType.name) must define one or more values.", at: enumType.location)
        }
        for value in enumType.enumValues {
            validateName(value.name, at: value.location)
            if value.name == "true" || value.name == "false" || value.name == "null" {
                report("Enum type \(enumType.name) cannot include value: \(value.name).", at: value.location)
            }
        }
    }

    private mutating func validateInputFields(of input: NamedType) {
        if input.inputFields.isEmpty {
            report("Input Object type \(input.name) must define one or more fields.", at: input.location)
        }
        for field in input.inputFields {
            validateName(field.name, at: field.location)
            if !schema[field.type].isInputType {
                report(
                    "The type of \(input.name).\(field.name) must be Input Type but got: \(describe(field.type)).",
                    at: field.typeLocation ?? field.location
                )
            }
            if field.isRequired, field.isDeprecated {
                report(
                    "Required input field \(input.name).\(field.name) cannot be deprecated.",
                    at: field.deprecatedLocation ?? field.location
                )
            }
            if input.isOneOf {
                if field.type.isNonNull {
                    report(
                        "OneOf input field \(input.name).\(field.name) must be nullable.",
                        at: field.typeLocation ?? field.location
                    )
                }
                if field.defaultValue != nil {
                    report(
                        "OneOf input field \(input.name).\(field.name) cannot have a default value.", at: field.location
                    )
                }
            }
        }
    }
}

/// Finds input objects that reference themselves through non-null fields (such a value
/// could never be written). A depth-first search visiting each type once, as graphql-js's.
private struct InputObjectCycleFinder {
    private var visited: Set<TypeID> = []
    private var path: [SchemaInputValue] = []
    private var pathIndexByType: [TypeID: Int] = [:]

    mutating func visit(_ input: NamedType, in schema: Schema, report: (String, SourceLocation?) -> Void) {
        guard visited.insert(input.id).inserted else { return }
        pathIndexByType[input.id] = path.count
        for field in input.inputFields {
            guard case .nonNull(.named(let id)) = field.type, schema[id].kind == .inputObject else { continue }
            path.append(field)
            if let cycleStart = pathIndexByType[id] {
                let cycle = path[cycleStart...]
                let names = cycle.map(\.name).joined(separator: ".")
                report(
                    "Cannot reference Input Object '\(schema[id].name)' within itself through a series of non-null fields: '\(names)'.",
                    cycle.first?.location
                )
            } else {
                visit(schema[id], in: schema, report: report)
            }
            path.removeLast()
        }
        pathIndexByType[input.id] = nil
    }
}
