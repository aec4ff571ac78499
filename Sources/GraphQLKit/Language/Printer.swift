/// Prints an AST as canonical GraphQL, the way graphql-js's `print` does: two-space
/// indentation, one selection or field per line, arguments on one line unless a
/// field's would pass 80 columns, the `query` keyword left out only for an anonymous
/// query without variables, directives or description, block strings kept as block
/// strings. Layout and comments of the source are not kept; for every document,
/// `Parser.parse(Printer.print(document)) == document`.
public struct Printer {
    var out = ""
    var level = 0

    init() {}

    /// The document's definitions, separated by a blank line (no final newline).
    public static func print(_ document: Document) -> String {
        render { printer in
            for (index, definition) in document.definitions.enumerated() {
                if index > 0 { printer.out += "\n\n" }
                printer.write(definition)
            }
        }
    }

    /// One definition, as it stands in a printed document.
    public static func print(_ definition: Definition) -> String {
        render { $0.write(definition) }
    }

    /// `{`, one selection per indented line, `}`.
    public static func print(_ selectionSet: SelectionSet) -> String {
        render { $0.write(selectionSet) }
    }

    /// A field (with its selection set), fragment spread or inline fragment.
    public static func print(_ selection: Selection) -> String {
        render { $0.write(selection) }
    }

    /// A value literal: `{a: [1, "s", $v]}`.
    public static func print(_ value: Value) -> String {
        render { $0.write(value) }
    }

    /// `[CartLineInput!]!`
    public static func print(_ type: TypeReference) -> String { type.description }

    /// `@name(argument: value)`.
    public static func print(_ directive: Directive) -> String {
        render { $0.write(directive) }
    }

    /// `string` as a GraphQL string literal, with the quotes: `"` and `\` escaped, and
    /// control characters as `\n`, `\t`… or `\u001B`.
    public static func quoted(_ string: String) -> String {
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }) else {
            return "\"" + string + "\""
        }
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func render(_ body: (inout Printer) -> Void) -> String {
        var printer = Printer()
        body(&printer)
        return printer.out
    }

    // MARK: - Layout

    /// A line break and the current indentation.
    mutating func newline() {
        out += "\n"
        for _ in 0..<level { out += "  " }
    }

    /// `text`, indented like the current line after each of its line breaks.
    mutating func writeIndented(_ text: String) {
        guard text.utf8.contains(0x0A) else {
            out += text
            return
        }
        for (index, line) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if index > 0 { newline() }
            out += Substring(line)
        }
    }

    /// ` {`, each item on its own indented line, `}`; nothing for no items.
    mutating func writeBlock<Item>(_ items: [Item], _ write: (inout Printer, Item) -> Void) {
        guard !items.isEmpty else { return }
        out += " {"
        level += 1
        for item in items {
            newline()
            write(&self, item)
        }
        level -= 1
        newline()
        out += "}"
    }

    /// Each item rendered alone at indentation 0, for measuring.
    func renderEach<Item>(_ items: [Item], _ write: (inout Printer, Item) -> Void) -> [String] {
        items.map { item in Printer.render { write(&$0, item) } }
    }

    /// `(a, b)`, or one item per indented line between `(` and `)`.
    mutating func writeParenthesized(_ parts: [String], multiline: Bool) {
        guard multiline else {
            writeIndented("(" + parts.joined(separator: ", ") + ")")
            return
        }
        out += "("
        level += 1
        for part in parts {
            newline()
            writeIndented(part)
        }
        level -= 1
        newline()
        out += ")"
    }

    /// A description and the line break after it.
    mutating func write(description: StringValue?) {
        guard let description else { return }
        writeString(description.value, isBlock: description.isBlock)
        newline()
    }

    mutating func writeString(_ value: String, isBlock: Bool) {
        if isBlock && BlockString.isPrintable(value) {
            writeIndented(BlockString.print(value))
        } else {
            out += Printer.quoted(value)
        }
    }

    // MARK: - Executable definitions

    mutating func write(_ definition: Definition) {
        switch definition {
        case .operation(let operation): write(operation)
        case .fragment(let fragment): write(fragment)
        case .schema(let schema): write(schema, extending: false)
        case .schemaExtension(let schema): write(schema, extending: true)
        case .type(let type): write(type, extending: false)
        case .typeExtension(let type): write(type, extending: true)
        case .directive(let directive): write(directive)
        }
    }

    mutating func write(_ operation: OperationDefinition) {
        write(description: operation.description)
        let isShortForm = operation.operation == .query && operation.name == nil
            && operation.variableDefinitions.isEmpty && operation.directives.isEmpty && operation.description == nil
        if !isShortForm {
            out += operation.operation.rawValue
            if operation.name != nil || !operation.variableDefinitions.isEmpty {
                out += " "
                if let name = operation.name { out += name.value }
                write(operation.variableDefinitions)
            }
            write(operation.directives)
            out += " "
        }
        write(operation.selectionSet)
    }

    mutating func write(_ variableDefinitions: [VariableDefinition]) {
        guard !variableDefinitions.isEmpty else { return }
        let parts = renderEach(variableDefinitions) { $0.write($1) }
        writeParenthesized(parts, multiline: variableDefinitions.contains { $0.description != nil })
    }

    mutating func write(_ variable: VariableDefinition) {
        write(description: variable.description)
        out += "$" + variable.variable.value + ": " + variable.type.description
        if let defaultValue = variable.defaultValue {
            out += " = "
            write(defaultValue)
        }
        write(variable.directives)
    }

    mutating func write(_ fragment: FragmentDefinition) {
        write(description: fragment.description)
        out += "fragment " + fragment.name.value
        write(fragment.variableDefinitions)
        out += " on " + fragment.typeCondition.value
        write(fragment.directives)
        out += " "
        write(fragment.selectionSet)
    }

    mutating func write(_ selectionSet: SelectionSet) {
        out += "{"
        level += 1
        for selection in selectionSet.selections {
            newline()
            write(selection)
        }
        level -= 1
        newline()
        out += "}"
    }

    mutating func write(_ selection: Selection) {
        switch selection {
        case .field(let field):
            var prefix = field.name.value
            if let alias = field.alias { prefix = alias.value + ": " + prefix }
            out += prefix
            if !field.arguments.isEmpty {
                let parts = renderEach(field.arguments) { $0.write($1) }
                let line = prefix.utf16.count + 2 + parts.reduce(0) { $0 + $1.utf16.count } + 2 * (parts.count - 1)
                writeParenthesized(parts, multiline: line > 80)
            }
            write(field.directives)
            if let selectionSet = field.selectionSet {
                out += " "
                write(selectionSet)
            }
        case .fragmentSpread(let spread):
            out += "..." + spread.name.value
            write(spread.directives)
        case .inlineFragment(let fragment):
            out += "..."
            if let typeCondition = fragment.typeCondition { out += " on " + typeCondition.value }
            write(fragment.directives)
            out += " "
            write(fragment.selectionSet)
        }
    }

    mutating func write(_ argument: Argument) {
        out += argument.name.value + ": "
        write(argument.value)
    }

    /// ` @a @b(x: 1)`: each directive after a space.
    mutating func write(_ directives: [Directive]) {
        for directive in directives {
            out += " "
            write(directive)
        }
    }

    mutating func write(_ directive: Directive) {
        out += "@" + directive.name.value
        guard !directive.arguments.isEmpty else { return }
        out += "("
        for (index, argument) in directive.arguments.enumerated() {
            if index > 0 { out += ", " }
            write(argument)
        }
        out += ")"
    }

    // MARK: - Values

    mutating func write(_ value: Value) {
        switch value.kind {
        case .variable(let name): out += "$" + name
        case .int(let text), .float(let text): out += text
        case .string(let string, let isBlock): writeString(string, isBlock: isBlock)
        case .boolean(let bool): out += bool ? "true" : "false"
        case .null: out += "null"
        case .enumValue(let name): out += name
        case .list(let values):
            out += "["
            for (index, element) in values.enumerated() {
                if index > 0 { out += ", " }
                write(element)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { out += ", " }
                out += field.name.value + ": "
                write(field.value)
            }
            out += "}"
        }
    }
}
