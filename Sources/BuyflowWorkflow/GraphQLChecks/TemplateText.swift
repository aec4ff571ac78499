import BuyflowCore

/// Recognises workflow templates (`${{ expression }}`) in values, without parsing the
/// expression (that is the expression language's job).
enum TemplateText {
    /// Whether the whole string (spaces and line breaks around it aside) is exactly one
    /// template: its value then has the expression's type, unknown statically.
    static func isWholeTemplate(_ text: String) -> Bool {
        let trimmed = text.trimmingPrefix { $0.isWhitespace }
        guard trimmed.hasPrefix("${{") else { return false }
        let body = trimmed.dropFirst(3)
        guard let end = body.lastIndex(where: { !$0.isWhitespace }),
              body[...end].hasSuffix("}}")
        else { return false }
        return body.firstRange(of: "${{") == nil
    }

    /// Whether a value is a string that is exactly one template.
    static func isWholeTemplate(_ value: LocatedValue) -> Bool {
        value.string.map(isWholeTemplate) ?? false
    }
}
