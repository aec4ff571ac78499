/// Enums and input objects.
extension SwiftRenderer {
    func enumFile(_ type: ModelEnum) -> GeneratorOutput.File {
        var writer = SwiftWriter()
        header(&writer)
        writer.block("extension \(namespace) {") { writer in
            writer.doc(type.description)
            if type.description != nil { writer.line("///") }
            writer.line("/// A value this code does not know decodes as `unknownValue`.")
            writer.block("public enum \(type.name): String, GraphQL.EnumType {") { writer in
                for value in type.values {
                    writer.doc(value.description)
                    writer.deprecation(value.deprecationReason)
                    writer.line("case \(SwiftNames.escaped(value.swiftName)) = \(SwiftNames.literal(value.name))")
                }
                writer.line("/// A value added to the schema after this code was generated.")
                writer.line("case unknownValue = \"\"")
            }
        }
        return GeneratorOutput.File(name: fileName(type.name), contents: writer.text)
    }

    func inputObjectFile(_ type: ModelInputObject) -> GeneratorOutput.File {
        var writer = SwiftWriter()
        header(&writer, foundation: needsFoundation(type.fields.map(\.type)))
        writer.block("extension \(namespace) {") { writer in
            writer.doc(type.description)
            if type.description != nil { writer.line("///") }
            writer.line("/// Optional fields are `GraphQL.Input`: `.value(x)`, `.null` (sent as `null`) or")
            writer.line("/// `.undefined` (left out, the default).")
            if type.isOneOf { writer.line("/// Exactly one field must be given (`@oneOf`).") }
            writer.block("public struct \(type.name): GraphQL.InputValue, Sendable {") { writer in
                for field in type.fields {
                    writer.doc(field.description)
                    let name = SwiftNames.escaped(field.swiftName)
                    guard field.deprecationReason != nil else {
                        writer.line("public var \(name): \(propertyType(field))")
                        continue
                    }
                    // Stored apart, so that init and graphQLValue do not use a deprecated name.
                    writer.deprecation(field.deprecationReason)
                    writer.line("public var \(name): \(propertyType(field)) {")
                    writer.line("    get { \(storage(field)) }")
                    writer.line("    set { \(storage(field)) = newValue }")
                    writer.line("}")
                    writer.line("private var \(storage(field)): \(propertyType(field))")
                }
                if !type.fields.isEmpty { writer.line() }
                let parameters = type.fields.map { field in
                    let name = SwiftNames.escaped(field.swiftName)
                    return field.isRequired ? "\(name): \(propertyType(field))" : "\(name): \(propertyType(field)) = .undefined"
                }
                writer.block("public init(\(parameters.joined(separator: ", "))) {") { writer in
                    for field in type.fields {
                        let name = SwiftNames.escaped(field.swiftName)
                        writer.line("self.\(field.deprecationReason == nil ? name : storage(field)) = \(name)")
                    }
                }
                writer.line()
                writer.line("/// The input object literal, without the fields left out.")
                writer.block("public var graphQLValue: GraphQL.Value {") { writer in
                    if type.fields.isEmpty {
                        writer.line(".inputObject([])")
                        return
                    }
                    writer.block(".inputObject([", closing: "])") { writer in
                        for field in type.fields {
                            let name = field.deprecationReason == nil ? SwiftNames.escaped(field.swiftName) : storage(field)
                            let value = field.isRequired ? "\(name).graphQLValue" : "\(name).graphQLValueIfDefined"
                            writer.line("(\(SwiftNames.literal(field.name)), \(value)),")
                        }
                    }
                }
            }
        }
        return GeneratorOutput.File(name: fileName(type.name), contents: writer.text)
    }

    /// The stored property behind a deprecated field's accessor.
    private func storage(_ field: ModelArgument) -> String { "_" + field.swiftName }

    private func propertyType(_ field: ModelArgument) -> String {
        field.isRequired ? inputType(field.type) : "GraphQL.Input<\(inputType(field.type))>"
    }
}
