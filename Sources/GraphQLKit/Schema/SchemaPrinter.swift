/// Prints a schema as SDL, like graphql-js's `printSchema`: the schema definition only
/// when the root types are not named `Query`, `Mutation` and `Subscription` (or a type
/// with one of those names is not the root), then the directives and types in schema
/// order, leaving out the built-in scalars, directives and introspection types.
/// Descriptions are block strings when they can be; `@deprecated(reason:)`,
/// `@specifiedBy(url:)` and `@oneOf` are printed. Definitions are separated by a blank
/// line; there is no final newline.
///
/// `Schema(sdl: SchemaPrinter.print(schema))` prints the same.
public struct SchemaPrinter {
    private let schema: Schema
    private var out = SDLBuffer()

    private init(schema: Schema) { self.schema = schema }

    /// The whole schema as SDL.
    public static func print(_ schema: Schema) -> String {
        var printer = SchemaPrinter(schema: schema)
        printer.out.bytes.reserveCapacity(schema.types.count * 1024)
        var isFirst = true
        func separate(_ printer: inout SchemaPrinter) {
            if !isFirst { printer.out += "\n\n" }
            isFirst = false
        }
        if printer.needsSchemaDefinition {
            separate(&printer)
            printer.writeSchemaDefinition()
        }
        for directive in schema.directives where !directive.isBuiltIn {
            separate(&printer)
            printer.write(directive)
        }
        for type in schema.types where !type.isBuiltIn {
            separate(&printer)
            printer.write(type)
        }
        return printer.out.string
    }

    /// One type's definition as SDL.
    public static func print(_ type: NamedType, in schema: Schema) -> String {
        var printer = SchemaPrinter(schema: schema)
        printer.write(type)
        return printer.out.string
    }

    /// One directive's definition as SDL.
    public static func print(_ directive: SchemaDirective, in schema: Schema) -> String {
        var printer = SchemaPrinter(schema: schema)
        printer.write(directive)
        return printer.out.string
    }

    // MARK: - Definitions

    /// Unless the roots have the conventional names and no other type has one of them
    /// (the names alone would make it a root when the SDL is read back).
    private var needsSchemaDefinition: Bool {
        if schema.description != nil { return true }
        for (root, name) in [(schema.queryType, "Query"), (schema.mutationType, "Mutation"), (schema.subscriptionType, "Subscription")] {
            if let root {
                if root.name != name { return true }
            } else if schema.type(named: name) != nil {
                return true
            }
        }
        return false
    }

    private mutating func writeSchemaDefinition() {
        writeDescription(schema.description)
        out += "schema {"
        for (operation, root) in [("query", schema.queryType), ("mutation", schema.mutationType), ("subscription", schema.subscriptionType)] {
            guard let root else { continue }
            out += "\n  \(operation): \(root.name)"
        }
        out += "\n}"
    }

    private mutating func write(_ directive: SchemaDirective) {
        writeDescription(directive.description)
        out += "directive @"
        out += directive.name
        writeArguments(directive.arguments, indentation: "")
        if directive.isRepeatable { out += " repeatable" }
        out += " on "
        for (offset, location) in directive.locations.enumerated() {
            if offset > 0 { out += " | " }
            out += location.rawValue
        }
    }

    private mutating func write(_ type: NamedType) {
        writeDescription(type.description)
        out += type.kind.keyword
        out += " "
        out += type.name
        switch type.kind {
        case .scalar:
            if let url = type.specifiedByURL {
                out += " @specifiedBy(url: "
                writeString(url)
                out += ")"
            }
        case .object, .interface:
            for (offset, interface) in type.interfaces.enumerated() {
                out += offset == 0 ? " implements " : " & "
                out += schema[interface].name
            }
            guard !type.fields.isEmpty else { return }
            out += " {"
            for (offset, field) in type.fields.enumerated() {
                out += "\n"
                writeDescription(field.description, indentation: "  ", isFirstInBlock: offset == 0)
                out += "  "
                out += field.name
                writeArguments(field.arguments, indentation: "  ")
                out += ": "
                writeType(field.type)
                writeDeprecated(field.deprecationReason)
            }
            out += "\n}"
        case .union:
            for (offset, member) in type.possibleTypes.enumerated() {
                out += offset == 0 ? " = " : " | "
                out += schema[member].name
            }
        case .enum:
            guard !type.enumValues.isEmpty else { return }
            out += " {"
            for (offset, value) in type.enumValues.enumerated() {
                out += "\n"
                writeDescription(value.description, indentation: "  ", isFirstInBlock: offset == 0)
                out += "  "
                out += value.name
                writeDeprecated(value.deprecationReason)
            }
            out += "\n}"
        case .inputObject:
            if type.isOneOf { out += " @oneOf" }
            guard !type.inputFields.isEmpty else { return }
            out += " {"
            for (offset, field) in type.inputFields.enumerated() {
                out += "\n"
                writeDescription(field.description, indentation: "  ", isFirstInBlock: offset == 0)
                out += "  "
                writeInputValue(field)
            }
            out += "\n}"
        }
    }

    // MARK: - Pieces

    /// On one line when no argument has a description, else one per line.
    private mutating func writeArguments(_ arguments: [SchemaInputValue], indentation: String) {
        if arguments.isEmpty { return }
        if arguments.allSatisfy({ ($0.description ?? "").isEmpty }) {
            out += "("
            for (offset, argument) in arguments.enumerated() {
                if offset > 0 { out += ", " }
                writeInputValue(argument)
            }
            out += ")"
            return
        }
        out += "("
        for (offset, argument) in arguments.enumerated() {
            out += "\n"
            writeDescription(argument.description, indentation: "  " + indentation, isFirstInBlock: offset == 0)
            out += "  "
            out += indentation
            writeInputValue(argument)
        }
        out += "\n"
        out += indentation
        out += ")"
    }

    private mutating func writeInputValue(_ value: SchemaInputValue) {
        out += value.name
        out += ": "
        writeType(value.type)
        if let defaultValue = value.defaultValue {
            out += " = "
            out += Printer.print(defaultValue)
        }
        writeDeprecated(value.deprecationReason)
    }

    private mutating func writeType(_ type: TypeRef) {
        switch type {
        case .named(let id):
            out += schema[id].name
        case .list(let inner):
            out += "["
            writeType(inner)
            out += "]"
        case .nonNull(let inner):
            writeType(inner)
            out += "!"
        }
    }

    private mutating func writeDeprecated(_ reason: String?) {
        guard let reason else { return }
        if reason == BuiltInDefinitions.defaultDeprecationReason {
            out += " @deprecated"
        } else {
            out += " @deprecated(reason: "
            writeString(reason)
            out += ")"
        }
    }

    /// graphql-js's `printDescription`: a block string when it reads back the same,
    /// else a string literal; indented, after a blank line unless first in its block.
    private mutating func writeDescription(_ text: String?, indentation: String = "", isFirstInBlock: Bool = true) {
        guard let text else { return }
        if !indentation.isEmpty, !isFirstInBlock {
            out += "\n"
        }
        out += indentation
        if Self.isPrintableAsBlockString(text) {
            Self.writeBlockString(text, indentation: indentation, to: &out)
        } else {
            writeString(text)
        }
        out += "\n"
    }

    /// A string literal with escapes, as graphql-js's `printString` (and `Printer.quoted`).
    private mutating func writeString(_ value: String) {
        Self.writeString(value, to: &out)
    }

    static func writeString(_ value: String, to out: inout SDLBuffer) {
        var value = value
        out.bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x08: escape = "\\b"
                case 0x09: escape = "\\t"
                case 0x0A: escape = "\\n"
                case 0x0C: escape = "\\f"
                case 0x0D: escape = "\\r"
                case 0x00...0x1F, 0x7F: escape = ""
                // U+0080…U+009F are 0xC2 0x80…0x9F.
                case 0x80...0x9F where index > 0 && bytes[index - 1] == 0xC2: escape = ""
                default: continue
                }
                // Copy the run before, without a 0xC2 lead byte of an escaped character.
                let runEnd = byte >= 0x80 ? index - 1 : index
                out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]))
                if escape.utf8CodeUnitCount > 0 {
                    escape.withUTF8Buffer { out.bytes.append(contentsOf: $0) }
                } else {
                    out.appendUnicodeEscape(byte)
                }
                runStart = index + 1
            }
            out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.bytes.append(UInt8(ascii: "\""))
    }

    // MARK: - Block strings (graphql-js `isPrintableAsBlockString`, `printBlockString`)

    /// Whether a block string would read back as `value` (no non-printable characters,
    /// `\r`, leading or trailing blank lines or common indentation).
    static func isPrintableAsBlockString(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var value = value
        return value.withUTF8 { bytes in
            var isEmptyLine = true, hasIndent = false, hasCommonIndent = true, seenNonEmptyLine = false
            for byte in bytes {
                switch byte {
                case 0x0A:
                    if isEmptyLine, !seenNonEmptyLine { return false } // a leading new line
                    seenNonEmptyLine = true
                    isEmptyLine = true
                    hasIndent = false
                case 0x09, 0x20:
                    hasIndent = hasIndent || isEmptyLine
                case 0x00...0x1F:
                    return false // non-printable characters, or \r
                default:
                    hasCommonIndent = hasCommonIndent && hasIndent
                    isEmptyLine = false
                }
            }
            if isEmptyLine { return false } // trailing empty lines
            if hasCommonIndent, seenNonEmptyLine { return false } // internal indentation
            return true
        }
    }

    /// A block string literal (see `writeBlockString`).
    static func blockString(_ value: String) -> String {
        var out = SDLBuffer()
        writeBlockString(value, to: &out)
        return out.string
    }

    /// A block string literal, on its own lines when that reads better; every line
    /// break is followed by `indentation`. Only for `isPrintableAsBlockString` values.
    static func writeBlockString(_ value: String, indentation: String = "", to out: inout SDLBuffer) {
        var value = value
        value.withUTF8 { bytes in
            // The value has no \r (isPrintableAsBlockString): lines end at \n.
            var lineCount = 1, scalarCount = 0, quotes = 0
            var laterLinesIndented = true, hasTripleQuotes = false
            var previous: UInt8 = 0
            for byte in bytes {
                if previous == 0x0A, byte != 0x0A, byte != 0x20, byte != 0x09 { laterLinesIndented = false }
                if byte == 0x0A { lineCount += 1 }
                if byte & 0xC0 != 0x80 { scalarCount += 1 }
                quotes = byte == UInt8(ascii: "\"") ? quotes + 1 : 0
                if quotes == 3 { hasTripleQuotes = true }
                previous = byte
            }
            let isSingleLine = lineCount == 1
            let forceLeadingNewLine = !isSingleLine && laterLinesIndented
            // The escaped value ends with `\"""` (escaping replaces runs of three from the left).
            let hasTrailingTripleQuotes = quotes >= 3 && quotes % 3 == 0
            let hasTrailingQuote = bytes.last == UInt8(ascii: "\"") && !hasTrailingTripleQuotes
            let hasTrailingSlash = bytes.last == UInt8(ascii: "\\")
            let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
            let printAsMultipleLines = !isSingleLine || scalarCount > 70 || forceTrailingNewLine
                || forceLeadingNewLine || hasTrailingTripleQuotes
            let skipLeadingNewLine = isSingleLine && (bytes.first == 0x20 || bytes.first == 0x09)
            let newLine = "\n" + indentation

            out += "\"\"\""
            if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { out += newLine }
            if isSingleLine, !hasTripleQuotes {
                out.bytes.append(contentsOf: bytes)
            } else {
                // Every \n is followed by the indentation; every """ becomes \""".
                var runStart = 0, quotes = 0
                for index in bytes.indices {
                    let byte = bytes[index]
                    quotes = byte == UInt8(ascii: "\"") ? quotes + 1 : 0
                    if byte == 0x0A {
                        out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                        out += newLine
                        runStart = index + 1
                    } else if quotes == 3 {
                        out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index - 2]))
                        out += "\\\"\"\""
                        runStart = index + 1
                        quotes = 0
                    }
                }
                out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            }
            if printAsMultipleLines || forceTrailingNewLine { out += newLine }
            out += "\"\"\""
        }
    }
}

/// The printer's output: UTF-8 bytes, appended without `String`'s per-append bookkeeping.
struct SDLBuffer {
    var bytes: [UInt8] = []

    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (buffer: inout SDLBuffer, text: String) {
        var text = text
        text.withUTF8 { buffer.bytes.append(contentsOf: $0) }
    }

    mutating func appendUnicodeEscape(_ value: UInt8) {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        self += "\\u00"
        bytes.append(hex[Int(value >> 4)])
        bytes.append(hex[Int(value & 0xF)])
    }
}
