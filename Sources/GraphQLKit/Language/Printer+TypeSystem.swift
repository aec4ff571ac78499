extension Printer {
    mutating func write(_ schema: SchemaDefinition, extending: Bool) {
        if extending {
            out += "extend schema"
        } else {
            write(description: schema.description)
            out += "schema"
        }
        write(schema.directives)
        writeBlock(schema.operationTypes) { printer, operationType in
            printer.out += operationType.operation.rawValue + ": " + operationType.type.value
        }
    }

    mutating func write(_ type: TypeDefinition, extending: Bool) {
        let description: StringValue?
        let keyword: String
        switch type {
        case .scalar(let node): (description, keyword) = (node.description, "scalar")
        case .object(let node): (description, keyword) = (node.description, "type")
        case .interface(let node): (description, keyword) = (node.description, "interface")
        case .union(let node): (description, keyword) = (node.description, "union")
        case .enumType(let node): (description, keyword) = (node.description, "enum")
        case .inputObject(let node): (description, keyword) = (node.description, "input")
        }
        if extending {
            out += "extend "
        } else {
            write(description: description)
        }
        out += keyword + " " + type.name.value
        switch type {
        case .scalar(let node):
            write(node.directives)
        case .object(let node):
            write(implements: node.interfaces)
            write(node.directives)
            writeBlock(node.fields) { $0.write($1) }
        case .interface(let node):
            write(implements: node.interfaces)
            write(node.directives)
            writeBlock(node.fields) { $0.write($1) }
        case .union(let node):
            write(node.directives)
            if !node.types.isEmpty {
                out += " = " + node.types.map(\.value).joined(separator: " | ")
            }
        case .enumType(let node):
            write(node.directives)
            writeBlock(node.values) { printer, value in
                printer.write(description: value.description)
                printer.out += value.name.value
                printer.write(value.directives)
            }
        case .inputObject(let node):
            write(node.directives)
            writeBlock(node.fields) { $0.write($1) }
        }
    }

    mutating func write(implements interfaces: [Name]) {
        guard !interfaces.isEmpty else { return }
        out += " implements " + interfaces.map(\.value).joined(separator: " & ")
    }

    mutating func write(_ field: FieldDefinition) {
        write(description: field.description)
        out += field.name.value
        write(arguments: field.arguments)
        out += ": " + field.type.description
        write(field.directives)
    }

    /// Argument definitions: on one line, or one per line when any spans lines (has a
    /// description).
    mutating func write(arguments: [InputValueDefinition]) {
        guard !arguments.isEmpty else { return }
        let parts = arguments.map { argument in
            var printer = Printer.init()
            printer.write(argument)
            return printer.out
        }
        writeParenthesized(parts, multiline: parts.contains { $0.utf8.contains(0x0A) })
    }

    mutating func write(_ inputValue: InputValueDefinition) {
        write(description: inputValue.description)
        out += inputValue.name.value + ": " + inputValue.type.description
        if let defaultValue = inputValue.defaultValue {
            out += " = "
            write(defaultValue)
        }
        write(inputValue.directives)
    }

    mutating func write(_ directive: DirectiveDefinition) {
        write(description: directive.description)
        out += "directive @" + directive.name.value
        write(arguments: directive.arguments)
        if directive.isRepeatable { out += " repeatable" }
        out += " on " + directive.locations.map(\.value).joined(separator: " | ")
    }
}
