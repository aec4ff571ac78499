/// A string with `${{ expression }}` templates in it (any value of a workflow file).
///
/// - When the string, ignoring surrounding white space, is exactly one template
///   (``isSingleExpression``), rendering gives the expression's value with its JSON type
///   (`${{ vars.qty }}` gives the number 2).
/// - Otherwise it renders as text: strings inserted as they are, numbers, booleans and
///   `null` as JSON text, lists and objects as compact JSON.
/// - `$${{` writes a literal `${{` (the `$` doubled); nothing else is escaped.
/// - The expression runs to the first `}}` outside a quoted string.
///
/// Offsets (of parts, references and errors) are UTF-8 byte offsets in the whole string.
public struct Template: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case text(String)
        /// The expression and the offset of its text (just after `${{`) in the whole string;
        /// the expression's own offsets are relative to that text.
        case expression(Expression, offset: Int)
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    private static let opening: [UInt8] = Array("${{".utf8)

    /// Whether `string` holds a `${{` that is not escaped as `$${{`.
    public static func containsTemplate(_ string: String) -> Bool {
        // Read in place: most strings hold no `$` at all.
        containsTemplate(string.utf8.span)
    }

    /// `containsTemplate` of UTF-8 text read in place.
    public static func containsTemplate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        containsTemplate(bytes.span)
    }

    private static func containsTemplate(_ bytes: Span<UInt8>) -> Bool {
        var index = 0
        while index + 3 <= bytes.count {
            if bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "$"), index + 4 <= bytes.count,
               bytes[index + 2] == UInt8(ascii: "{"), bytes[index + 3] == UInt8(ascii: "{") {
                index += 4
            } else if bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "{"), bytes[index + 2] == UInt8(ascii: "{") {
                return true
            } else {
                index += 1
            }
        }
        return false
    }

    /// Parses the templates in `string`; errors are located in the whole string.
    public static func parse(_ string: String) throws(ExpressionError) -> Template {
        let bytes = Array(string.utf8)
        var parts: [Part] = []
        var text: [UInt8] = []
        var index = 0
        func flushText() {
            if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 4 <= bytes.count, bytes[index + 1] == UInt8(ascii: "$"),
               bytes[index + 2] == UInt8(ascii: "{"), bytes[index + 3] == UInt8(ascii: "{") {
                text.append(contentsOf: opening)
                index += 4
            } else if index + 3 <= bytes.count, bytes[index..<index + 3].elementsEqual(opening) {
                let start = index + 3
                guard let end = closing(in: bytes, from: start) else {
                    throw ExpressionError(
                        "missing '}}' to close '${{'", offset: index, length: 3,
                        hint: "write a literal ${{ as $${{")
                }
                let source = String(decoding: bytes[start..<end], as: UTF8.self)
                let expression: Expression
                do {
                    expression = try ExpressionParser.parse(source)
                } catch {
                    throw error.shifted(by: start)
                }
                flushText()
                parts.append(.expression(expression, offset: start))
                index = end + 2
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        flushText()
        return Template(parts: parts)
    }

    /// The offset of the `}}` ending an expression that starts at `start`, skipping quoted strings.
    private static func closing(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == open {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "}"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "}") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether the string is, apart from surrounding white space, exactly one template:
    /// its value then keeps its JSON type.
    public var isSingleExpression: Bool {
        var expressions = 0
        for part in parts {
            switch part {
            case .expression: expressions += 1
            case .text(let text):
                guard text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
                    return false
                }
            }
        }
        return expressions == 1
    }

    /// Whether there is any expression at all.
    public var hasExpressions: Bool {
        parts.contains { if case .expression = $0 { true } else { false } }
    }

    /// Every path read by the template's expressions, located in the whole string.
    public var references: [ExpressionReference] {
        parts.flatMap { part -> [ExpressionReference] in
            guard case .expression(let expression, let offset) = part else { return [] }
            return expression.references.map { $0.shifted(by: offset) }
        }
    }
}
