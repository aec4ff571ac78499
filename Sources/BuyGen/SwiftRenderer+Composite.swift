/// Objects, interfaces and unions: a query builder, a response model (a protocol and an
/// `Unknown…` model for abstract types) and, for objects, a mock builder.
extension SwiftRenderer {
    func compositeFile(_ type: ModelCompositeType) -> GeneratorOutput.File {
        var writer = SwiftWriter()
        header(&writer, foundation: needsFoundation(type.fields.map(\.type) + type.fields.flatMap { $0.arguments.map(\.type) }))
        writer.block("extension \(namespace) {") { writer in
            if type.kind != .object {
                protocolDeclaration(type, &writer)
                writer.line()
            }
            queryBuilder(type, &writer)
            writer.line()
            responseModel(type, &writer)
        }
        return GeneratorOutput.File(name: fileName(type.name), contents: writer.text)
    }

    // MARK: - Query builder

    private func queryBuilder(_ type: ModelCompositeType, _ writer: inout SwiftWriter) {
        let builder = type.name + "Query"
        writer.line("/// Selects fields of `\(type.name)`.")
        let rootConformance = type.operation != nil ? ", GraphQL.RootQuery" : ""
        writer.block("public final class \(builder): GraphQL.AbstractQuery\(rootConformance) {") { writer in
            if let operation = type.operation {
                writer.line("public typealias Response = \(type.name)")
                writer.line("public static let operationType = GraphQL.OperationType.\(operation)")
                writer.line()
            }
            if type.kind != .object {
                writer.line("/// An abstract type's selection always has `__typename`, to pick the model.")
                writer.block("override public init() {") { writer in
                    writer.line("super.init()")
                    writer.line("addField(field: \"__typename\")")
                }
                writer.line()
            }
            for (index, field) in type.fields.enumerated() {
                if index > 0 { writer.line() }
                queryMethod(field, builder: builder, &writer)
            }
            if type.kind != .object {
                for possible in type.possibleTypes {
                    if !type.fields.isEmpty || possible != type.possibleTypes.first { writer.line() }
                    writer.line("/// Selects fields of `\(possible)` when the object is one (`... on \(possible)`).")
                    writer.line("@discardableResult")
                    writer.block("public func on\(possible)(subfields: (\(possible)Query) -> Void) -> \(builder) {") { writer in
                        writer.line("let subquery = \(possible)Query()")
                        writer.line("subfields(subquery)")
                        writer.line("addInlineFragment(on: \(SwiftNames.literal(possible)), subfields: subquery)")
                        writer.line("return self")
                    }
                }
            }
        }
    }

    private func queryMethod(_ field: ModelField, builder: String, _ writer: inout SwiftWriter) {
        writer.doc(field.description)
        let documented = field.arguments.filter { $0.description != nil }
        if !documented.isEmpty {
            if field.description != nil { writer.line("///") }
            writer.line("/// - Parameters:")
            writer.line("///   - alias: Selects the field again under `\(field.name)__<alias>`.")
            for argument in documented {
                let text = argument.description!.split(separator: "\n").first.map(String.init) ?? ""
                writer.line("///   - \(argument.swiftName): \(text)")
            }
        }
        writer.deprecation(field.deprecationReason)
        writer.line("@discardableResult")
        var parameters = ["alias: String? = nil"]
        for argument in field.arguments {
            let name = SwiftNames.escaped(argument.swiftName)
            parameters.append(argument.isRequired ? "\(name): \(inputType(argument.type))" : "\(name): \(inputType(argument.type))? = nil")
        }
        let composite = field.type.named.kind.isComposite
        if composite { parameters.append("_ subfields: (\(queryType(field.type))) -> Void") }
        writer.block("public func \(SwiftNames.escaped(field.name))(\(parameters.joined(separator: ", "))) -> \(builder) {") { writer in
            var call = "addField(field: \(SwiftNames.literal(field.name)), aliasSuffix: alias"
            if !field.arguments.isEmpty {
                writer.line("var arguments: [GraphQL.Argument] = []")
                for argument in field.arguments {
                    let name = SwiftNames.escaped(argument.swiftName)
                    let literal = SwiftNames.literal(argument.name)
                    if argument.isRequired {
                        writer.line("arguments.append(GraphQL.Argument(\(literal), \(name).graphQLValue))")
                    } else {
                        writer.line("if let value = \(name) { arguments.append(GraphQL.Argument(\(literal), value.graphQLValue)) }")
                    }
                }
                call += ", arguments: arguments"
            }
            if composite {
                writer.line("let subquery = \(queryType(field.type))()")
                writer.line("subfields(subquery)")
                call += ", subfields: subquery"
            }
            writer.line(call + ")")
            writer.line("return self")
        }
    }

    // MARK: - Protocols of abstract types

    private func protocolDeclaration(_ type: ModelCompositeType, _ writer: inout SwiftWriter) {
        writer.doc(type.description)
        if type.description != nil { writer.line("///") }
        writer.line("/// Models of the possible types conform: cast with `as(_:)` or `cast(to:)`.")
        let parents = type.conformances.isEmpty ? "GraphQL.ResponseObject" : type.conformances.joined(separator: ", ")
        let required = type.fields.filter { type.protocolFields.contains($0.name) }
        if required.isEmpty {
            writer.line("public protocol \(type.name): \(parents) {}")
            return
        }
        writer.block("public protocol \(type.name): \(parents) {") { writer in
            for (index, field) in required.enumerated() {
                if index > 0 { writer.line() }
                writer.doc(field.description)
                writer.deprecation(field.deprecationReason)
                writer.line("var \(SwiftNames.escaped(field.swiftName)): \(responseType(field.type)) { get }")
            }
        }
    }

    // MARK: - Response model

    private func responseModel(_ type: ModelCompositeType, _ writer: inout SwiftWriter) {
        let model = type.kind == .object ? type.name : "Unknown" + type.name
        if type.kind == .object {
            writer.doc(type.description)
        } else {
            writer.line("/// A `\(type.name)` whose `__typename` is none of the known possible types, and the")
            writer.line("/// factory that decodes each possible type into its own model.")
        }
        let conformances = (type.kind == .object ? type.conformances : [type.name]).map { ", " + $0 }.joined()
        writer.block("public final class \(model): GraphQL.AbstractResponse\(conformances), @unchecked Sendable {") { writer in
            writer.block("override public func deserializeValue(fieldName: String, value: GraphQL.JSONValue) throws(SchemaViolationError) -> (any Sendable)? {") { writer in
                if type.fields.isEmpty {
                    writer.line("throw unknownField(fieldName, value)")
                    return
                }
                writer.line("switch fieldName {")
                for field in type.fields {
                    writer.line("case \(SwiftNames.literal(field.name)): return \(decodeExpression(field.type, value: "value"))")
                }
                writer.line("default: throw unknownField(fieldName, value)")
                writer.line("}")
            }
            if type.kind != .object {
                writer.line()
                factory(type, &writer)
            }
            for field in type.fields {
                writer.line()
                responseAccessors(field, &writer)
            }
            if type.kind == .object, model_mocks {
                writer.line()
                mockBuilder(type, &writer)
            }
        }
    }

    private var model_mocks: Bool { model.options.mocks }

    private func factory(_ type: ModelCompositeType, _ writer: inout SwiftWriter) {
        writer.line("/// The model for the object's `__typename`: one of the possible types, else `\("Unknown" + type.name)`.")
        writer.block("public static func create(fields: GraphQL.JSONObject) throws(SchemaViolationError) -> any \(type.name) {") { writer in
            if type.possibleTypes.isEmpty {
                writer.line("try Unknown\(type.name)(fields: fields)")
                return
            }
            writer.line("switch fields[\"__typename\"]?.stringValue {")
            for possible in type.possibleTypes {
                writer.line("case \(SwiftNames.literal(possible)): return try \(possible)(fields: fields)")
            }
            writer.line("default: return try Unknown\(type.name)(fields: fields)")
            writer.line("}")
        }
    }

    private func responseAccessors(_ field: ModelField, _ writer: inout SwiftWriter) {
        let swiftType = responseType(field.type)
        let name = SwiftNames.escaped(field.swiftName)
        let literal = SwiftNames.literal(field.name)
        writer.doc(field.description)
        if field.description != nil { writer.line("///") }
        writer.line("/// Selected with `\(field.name)()`; reading it otherwise stops with a message naming it.")
        writer.deprecation(field.deprecationReason)
        writer.line("public var \(name): \(swiftType) { fieldValue(\(literal)) }")
        writer.line()
        writer.line("/// `\(field.swiftName)` under `alias`, or throws `GraphQL.MissingFieldError` when not selected.")
        writer.deprecation(field.deprecationReason)
        writer.block("public func \(name)(alias: String? = nil) throws(GraphQL.MissingFieldError) -> \(swiftType) {") { writer in
            writer.line("try checkedFieldValue(\(literal), alias: alias)")
        }
    }

    // MARK: - Mocks

    private func mockBuilder(_ type: ModelCompositeType, _ writer: inout SwiftWriter) {
        writer.line("/// A `\(type.name)` for tests, with `__typename` set and the fields `build` gives:")
        writer.line("/// `\(namespace).\(type.name).mock { $0.\(type.fields.first.map { SwiftNames.escaped($0.swiftName) } ?? "field")(…) }`.")
        writer.block("public static func mock(_ build: (Mock) -> Void = { _ in }) -> \(type.name) {") { writer in
            writer.line("let mock = Mock(typeName: \(SwiftNames.literal(type.name)))")
            writer.line("build(mock)")
            writer.line("return mock.make(\(type.name).self)")
        }
        writer.line()
        writer.line("/// Sets the fields of a mock `\(type.name)`, with the types the model reads them as.")
        writer.block("public final class Mock: GraphQL.ResponseMock {") { writer in
            for (index, field) in type.fields.enumerated() {
                if index > 0 { writer.line() }
                writer.line("/// Sets `\(field.name)` (under `alias`, when given).")
                writer.line("@discardableResult")
                writer.block("public func \(SwiftNames.escaped(field.swiftName))(_ value: \(responseType(field.type)), alias: String? = nil) -> Mock {") { writer in
                    writer.line("set(\(SwiftNames.literal(field.name)), alias: alias, \(jsonExpression(field.type, value: "value")))")
                    writer.line("return self")
                }
            }
        }
    }
}
