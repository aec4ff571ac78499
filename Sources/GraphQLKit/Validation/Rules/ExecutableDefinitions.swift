/// ExecutableDefinitions (spec 5.1.1): a document sent for execution holds only
/// operations and fragments.
extension ValidationRun {
    mutating func checkExecutableDefinition(_ definition: Definition) {
        guard rules.contains(.executableDefinitions) else { return }
        let what: String
        switch definition {
        case .operation, .fragment:
            return
        case .schema:
            what = "the schema definition"
        case .schemaExtension:
            what = "the schema extension"
        case .type(let type):
            what = "the \(Self.keyword(of: type)) definition '\(type.name.value)'"
        case .typeExtension(let type):
            what = "the \(Self.keyword(of: type)) extension '\(type.name.value)'"
        case .directive(let directive):
            what = "the directive definition '@\(directive.name.value)'"
        }
        report(
            .executableDefinitions, "\(what) is not executable", at: definition.location,
            hint: "a document to execute may contain only operations and fragments; types and directives belong in the schema",
            event: .documentStart
        )
    }

    private static func keyword(of type: TypeDefinition) -> String {
        switch type {
        case .scalar: "scalar"
        case .object: "type"
        case .interface: "interface"
        case .union: "union"
        case .enumType: "enum"
        case .inputObject: "input"
        }
    }
}
