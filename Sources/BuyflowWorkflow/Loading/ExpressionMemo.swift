import BuyflowCore
import BuyflowExpressions
/// Expressions and templates one load has already parsed, by their text: a workflow
/// repeats the same assertions, captures and templates from step to step, and a parse
/// depends on nothing but the text (offsets in the result are relative to it), so each
/// distinct text is parsed once. Only clean parses are kept; a text that fails is parsed
/// again where it is written, so its error is reported there.
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

    private var expressions: [String: Parsed] = [:]
    private var templates: [String: ParsedTemplate] = [:]

    /// Room for the texts of about `count` more steps, so the tables do not grow (and
    /// hash every key again) while a long list is read.
    mutating func reserve(steps count: Int) {
        expressions.reserveCapacity(expressions.count + count)
        templates.reserveCapacity(templates.count + 2 * count)
    }

    mutating func expression(_ text: String) throws(ExpressionError) -> Parsed {
        if let known = expressions[text] { return known }
        let expression = try ExpressionParser.parse(text)
        let parsed = Parsed(expression: expression, references: expression.references, trimmed: text.trimmingSpaces)
        expressions[text] = parsed
        return parsed
    }

    mutating func template(_ text: String) throws(ExpressionError) -> ParsedTemplate {
        if let known = templates[text] { return known }
        let template = try Template.parse(text)
        let references = template.parts.compactMap { part -> [ExpressionReference]? in
            guard case .expression(let expression, _) = part else { return nil }
            return expression.references
        }
        let parsed = ParsedTemplate(template: template, references: references, text: text)
        templates[text] = parsed
        return parsed
    }
}
