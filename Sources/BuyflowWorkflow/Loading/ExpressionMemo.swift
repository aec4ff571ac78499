import BuyflowCore
import BuyflowExpressions
/// Expressions and templates one load has already parsed, by their text: a workflow
/// repeats the same assertions, captures and templates from step to step, and a parse
/// depends on nothing but the text (offsets in the result are relative to it), so each
/// distinct text is parsed once. Only clean parses are kept; a text that fails is parsed
/// again where it is written, so its error is reported there.
///
/// A text is looked up by its bytes where the file's document keeps them
/// (`expression(bytes:)`, `template(bytes:)`): a text seen before makes no string.
struct ExpressionMemo {
    /// An expression and the paths it reads (what the flow check walks).
    struct Parsed {
        var expression: Expression
        var references: [ExpressionReference]
        /// The text without leading and trailing spaces (what reports quote).
        var trimmed: String
    }

    /// A template and the paths each of its expressions reads, in the order of its
    /// expression parts.
    struct ParsedTemplate {
        var template: Template
        var references: [[ExpressionReference]]
        /// The text it was parsed from.
        var text: String
    }

    private var expressions: [Key: Parsed] = [:]
    private var templates: [Key: ParsedTemplate] = [:]

    /// Room for the texts of about `count` more steps, so the tables do not grow (and
    /// hash every key again) while a long list is read.
    mutating func reserve(steps count: Int) {
        expressions.reserveCapacity(expressions.count + count)
        templates.reserveCapacity(templates.count + 2 * count)
    }

    /// A known expression, by its text's bytes.
    func expression(bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
        expressions[Key(probing: bytes)]
    }

    mutating func expression(_ text: String) throws(ExpressionError) -> Parsed {
        if let known = expressions[Key(text)] { return known }
        let expression = try ExpressionParser.parse(text)
        let parsed = Parsed(expression: expression, references: expression.references, trimmed: text.trimmingSpaces)
        expressions[Key(text)] = parsed
        return parsed
    }

    /// A known template, by its text's bytes.
    func template(bytes: UnsafeBufferPointer<UInt8>) -> ParsedTemplate? {
        templates[Key(probing: bytes)]
    }

    mutating func template(_ text: String) throws(ExpressionError) -> ParsedTemplate {
        if let known = templates[Key(text)] { return known }
        let template = try Template.parse(text)
        let references = template.parts.compactMap { part -> [ExpressionReference]? in
            guard case .expression(let expression, _) = part else { return nil }
            return expression.references
        }
        let parsed = ParsedTemplate(template: template, references: references, text: text)
        templates[Key(text)] = parsed
        return parsed
    }

    /// A text as a key: kept as a string, or — for a lookup only — bytes read in place.
    /// Both hash and compare as UTF-8 bytes, so either finds the other.
    struct Key: Hashable, @unchecked Sendable {
        private let stored: String
        /// Set only on a key made for one lookup, while the bytes are valid; such a key
        /// is never kept (hence `@unchecked Sendable`: a kept key holds no pointer).
        private let probe: UnsafeBufferPointer<UInt8>?

        init(_ text: String) {
            stored = text
            probe = nil
        }

        init(probing bytes: UnsafeBufferPointer<UInt8>) {
            stored = ""
            probe = bytes
        }

        private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if let probe { return body(probe) }
            if let result = stored.utf8.withContiguousStorageIfAvailable(body) { return result }
            return Array(stored.utf8).withUnsafeBufferPointer(body)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.withBytes { left in rhs.withBytes { right in left.sameBytes(as: right) } }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(withBytes { TextHash.hash($0) })
        }
    }
}
